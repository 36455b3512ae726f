"""Checks each answers/NAME-N.json against SCHEMA_DIR/NAME.schema.json (Draft 2020-12).

SCHEMA_DIR is the build's gathering of the schemas (build/schema/json, cmake/Schemas.cmake):
schema/json/, each game's state.schema.json and the kinds.schema.json written from the games.
Every schema must be used at least once (unless --partial), and every answer must have a
schema: a command whose output changes shape without its schema changing fails here.
    json_schema.py [--partial] SCHEMA_DIR ANSWER_DIR
"""
import json
import pathlib
import sys


def main():
    args = sys.argv[1:]
    import jsonschema
    partial = args[:1] == ["--partial"]
    schema_dir, answer_dir = map(pathlib.Path, args[1:3] if partial else args[:2])
    schemas = {}
    for path in sorted(schema_dir.glob("*.schema.json")):
        schema = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[path.name[: -len(".schema.json")]] = schema
    # Schemas refer to each other by file name ("common.schema.json#/$defs/hash").
    registry = {path.name: schemas[path.name[: -len(".schema.json")]]
                for path in schema_dir.glob("*.schema.json")}
    used, failures, checked = set(), [], 0
    for path in sorted(answer_dir.glob("*.json")):
        name = path.name.rsplit("-", 1)[0]
        if name not in schemas:
            failures.append(f"{path.name}: no schema {name}.schema.json")
            continue
        used.add(name)
        resolver = jsonschema.RefResolver(base_uri=f"{name}.schema.json",
                                          referrer=schemas[name], store=registry)
        validator = jsonschema.Draft202012Validator(schemas[name], resolver=resolver)
        try:
            document = json.loads(path.read_text())
        except json.JSONDecodeError as error:
            failures.append(f"{path.name}: not JSON: {error}")
            continue
        checked += 1
        for error in validator.iter_errors(document):
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            failures.append(f"{path.name}: {where}: {error.message[:300]}")
    # A schema others refer to (common, state-<kind>) is checked through them.
    texts = {name: json.dumps(schema) for name, schema in schemas.items()}
    referred = {name for name in schemas
                if any(f"{name}.schema.json" in text for other, text in texts.items() if other != name)}
    for name in [] if partial else sorted(set(schemas) - used - referred):
        failures.append(f"{name}.schema.json: no answer checked against it")
    for failure in failures[:60]:
        print("FAIL:", failure)
    print(f"{checked} answers checked against {len(used)} schemas, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
