"""Runs a command and prints how it ended: "status N" or "signal NAME".

The command starts with the default action for the signals the tests send,
whatever this process inherited (a background job ignores SIGINT)."""
import signal
import subprocess
import sys

DEFAULTED = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1,
             signal.SIGUSR2, signal.SIGXCPU]


def defaults():
    for s in DEFAULTED:
        signal.signal(s, signal.SIG_DFL)


code = subprocess.run(sys.argv[1:], preexec_fn=defaults).returncode
print("signal " + signal.Signals(-code).name if code < 0 else "status %d" % code)
