"""A webhook receiver for tests/e2e/notify.sh: logs every POST it is sent, one JSON line each
({path, key, body}), to LOG, and answers 204. Its port goes to PORT_FILE once it listens.
    notify_server.py PORT_FILE LOG [--port N]
While the file `hold` exists in the working directory, a request is neither answered nor logged
until the file is gone (a slow receiver: the sender times out first); before holding it logs
`{"held": true, "turns": N}`, N the turns the database ($CARAVAN_REF_DB) has committed by then.
While the file `fail` exists, every request is answered 500 and not logged as received.
"""
import http.server
import json
import os
import sqlite3
import sys
import time


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
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
        self.log({"path": self.path, "key": self.headers.get("Idempotency-Key"),
                  "type": self.headers.get("Content-Type"), "body": body})
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
    with open(sys.argv[1] + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    server.serve_forever()


if __name__ == "__main__":
    main()
