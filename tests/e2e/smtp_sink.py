"""An SMTP receiver for tests/e2e/pg_site.sh, and the sendmail command that hands it a message.
    smtp_sink.py serve PORT_FILE LOG
        listens on 127.0.0.1 (a port of the system's choosing, written to PORT_FILE once it
        listens) and takes every message it is sent (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
        QUIT); each is logged, one JSON line, {"message_id", "to": [envelope recipients],
        "size"}, to LOG once its DATA has ended, and answered 250. Nothing is relayed.
    smtp_sink.py send PORT [-f SENDER]
        a sendmail -t: reads one message on standard input and sends it through the receiver on
        PORT to the addresses of its To and Cc, the envelope sender SENDER; exits 0 once the
        receiver said 250, 75 otherwise.
"""
import email.parser
import email.policy
import email.utils
import json
import os
import smtplib
import socketserver
import sys
import threading

LOCK = threading.Lock()


class Session(socketserver.StreamRequestHandler):
    def reply(self, text):
        self.wfile.write(text.encode() + b"\r\n")
        self.wfile.flush()

    def handle(self):
        self.reply("220 sink ESMTP")
        recipients = []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line.decode("ascii", "replace").strip().split(" ")[0].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 sink")
            elif verb == "MAIL":
                recipients = []
                self.reply("250 ok")
            elif verb == "RCPT":
                recipients.append(line.decode("ascii", "replace").strip()[8:].split(" ")[0]
                                  .strip("<>"))
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 end with .")
                data = bytearray()
                while True:
                    chunk = self.rfile.readline()
                    if not chunk or chunk in (b".\r\n", b".\n"):
                        break
                    data += chunk[1:] if chunk.startswith(b"..") else chunk
                message = email.parser.BytesParser(policy=email.policy.default).parsebytes(
                    bytes(data), headersonly=True)
                with LOCK, open(sys.argv[3], "a") as out:
                    out.write(json.dumps({"message_id": message.get("Message-ID", ""),
                                          "to": recipients, "size": len(data)}) + "\n")
                self.reply("250 queued")
            elif verb in ("RSET", "NOOP"):
                self.reply("250 ok")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not here")


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve():
    server = Server(("127.0.0.1", 0), Session)
    with open(sys.argv[2] + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.rename(sys.argv[2] + ".tmp", sys.argv[2])
    server.serve_forever()


def send():
    port = int(sys.argv[2])
    sender = sys.argv[sys.argv.index("-f") + 1] if "-f" in sys.argv else ""
    raw = sys.stdin.buffer.read()
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(raw)
    to = [address for _, address in
          email.utils.getaddresses(message.get_all("To", []) + message.get_all("Cc", []))]
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
            smtp.sendmail(sender, to, raw)
    except (OSError, smtplib.SMTPException) as error:
        print(f"smtp_sink.py send: {error}", file=sys.stderr)
        sys.exit(75)


if __name__ == "__main__":
    {"serve": serve, "send": send}[sys.argv[1]]()
