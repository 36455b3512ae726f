"""Checks each answers/NAME-N.json against schema/json/NAME.schema.json (Draft 2020-12).

Every schema must be used at least once (unless --partial), and every answer must have a
schema: a command whose output changes shape without its schema changing fails here.
    json_schema.py [--partial] SCHEMA_DIR ANSWER_DIR
With --kinds, prints schema/json/kinds.schema.json as the engines BIN knows (`BIN games`) make
it: the one schema that lists the kinds, each pointing to its state-<kind>.schema.json.
    json_schema.py --kinds BIN > schema/json/kinds.schema.json
"""
import json
import pathlib
import subprocess
import sys


def kinds_schema(kinds):
    """Every per-kind part of the answers (the kind's values, a move of any engine, and what a
    view, a log and an export hold for each kind), from the list of kinds."""
    def state(kind, part=""):
        return {"$ref": f"state-{kind}.schema.json{part}"}

    def events(kind):
        return {"items": {"anyOf": [{"$ref": "common.schema.json#/$defs/referee_event"},
                                    {"$ref": "common.schema.json#/$defs/undone_event"},
                                    state(kind, "#/$defs/event")]}}

    def per_kind(then):
        return {"allOf": [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                           "then": {"properties": then(kind)}} for kind in kinds]}

    moves = lambda kind: {"items": state(kind, "#/$defs/move")}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "kinds.schema.json",
        "title": "caravan-ref kinds",
        "description": "The rule engines, as `caravan-ref games` lists them, and what each adds "
                       "to the answers: the only schema that lists the kinds. Each kind's own "
                       "part is its state-<kind>.schema.json. Written by `tests/e2e/json_schema.py "
                       "--kinds BIN`; tests/e2e/json_schema.sh checks it against the binary.",
        "$defs": {
            "kind": {"description": "a rule engine (caravan-ref games)", "enum": kinds},
            "move": {"description": "one move of any engine",
                     "anyOf": [state(kind, "#/$defs/move") for kind in kinds]},
            "view": per_kind(lambda kind: {
                "state": state(kind),
                "last": {"items": {"properties": {"moves": moves(kind), "events": events(kind)}}}}),
            "log": per_kind(lambda kind: {
                "turns": {"items": {"properties": {"moves": moves(kind),
                                                   "events": events(kind)}}}}),
            "export": per_kind(lambda kind: {
                "turns": {"items": {"properties": {"moves": moves(kind)}}}}),
        },
    }


def main():
    args = sys.argv[1:]
    if args[:1] == ["--kinds"]:
        listed = json.loads(subprocess.run([args[1], "--format", "json", "games"], check=True,
                                           capture_output=True, text=True).stdout)
        print(json.dumps(kinds_schema([game["kind"] for game in listed]), indent=2))
        return 0
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
