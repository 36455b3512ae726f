"""A webhook receiver for tests/e2e/notify*.sh: logs every POST it is sent, one JSON line each
({path, key, type, body}), to LOG, and answers 204. Its port goes to PORT_FILE once it listens.
    notify_server.py PORT_FILE LOG [--port N]
A multipart/form-data request (Discord's with a file) is logged with `body` its payload_json part
and `files` [{name, filename, type, size, png}] for its file parts (`png`: the bytes start with
PNG's signature).
By the path's first part:
  /never/...        the request is logged ({"path", "never": true}) and never answered;
  /slow/...         answered 204 after 3 s, logged then;
  /status/N/...     answered N, with a Retry-After header of the query's `retry-after`, if any.
While the file `hold` exists in the working directory, a request is neither answered nor logged
until the file is gone (a slow receiver: the sender times out first); before holding it logs
`{"held": true, "turns": N}`, N the turns the database ($CARAVAN_REF_DB) has committed by then.
While the file `fail` exists, every request is answered 500 and not logged as received.
"""
import email.parser
import email.policy
import http.server
import json
import os
import sqlite3
import sys
import time
import urllib.parse


def parts_of(content_type, raw):
    """payload_json's text and the file parts of a multipart/form-data body."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
    payload, files = None, []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True) or b""
        if name == "payload_json":
            payload = data.decode()
        else:
            files.append({"name": name, "filename": part.get_filename(),
                          "type": part.get_content_type(), "size": len(data),
                          "png": data.startswith(b"\x89PNG\r\n\x1a\n")})
    return payload, files


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        content_type = self.headers.get("Content-Type", "")
        line = {"path": self.path, "key": self.headers.get("Idempotency-Key"),
                "type": content_type}
        if content_type.startswith("multipart/form-data"):
            line["body"], line["files"] = parts_of(content_type, raw)
        else:
            line["body"] = raw.decode()
        url = urllib.parse.urlsplit(self.path)
        first = url.path.split("/")[1] if url.path.count("/") >= 1 else ""
        if first == "never":
            self.log({"path": self.path, "never": True})
            time.sleep(120)  # the sender gives up first; the server is stopped before
            return
        if first == "slow":
            time.sleep(3)
        if first == "status":
            status = int(url.path.split("/")[2])
            retry = urllib.parse.parse_qs(url.query).get("retry-after")
            line["status"] = status
            self.log(line)
            self.send_response(status)
            if retry:
                self.send_header("Retry-After", retry[0])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if os.path.exists("hold"):
            db = sqlite3.connect(os.environ["CARAVAN_REF_DB"])
            turns = db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
            db.close()
            self.log({"held": True, "turns": turns})
            for _ in range(200):  # at most 10 s: the sender has given up long before
                if not os.path.exists("hold"):
                    break
                time.sleep(0.05)
        if os.path.exists("fail"):
            self.send_response(500)
            self.end_headers()
            return
        self.log(line)
        self.send_response(204)
        self.end_headers()

    def log(self, line):
        with open(sys.argv[2], "a") as out:
            out.write(json.dumps(line) + "\n")

    def log_message(self, *args):
        pass


def main():
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Receiver)
    server.daemon_threads = True
    with open(sys.argv[1] + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    server.serve_forever()


if __name__ == "__main__":
    main()
