"""rolo over a real ssh, for make check-dist: an sshd on a free 127.0.0.1 port with throwaway host
and client keys and its own sshd_config, started in the same mount namespace that hides the
Swift toolchain, so the remote rolo runs as on a box without Swift. The client is `ssh -tt`
typed into a shell in tmux, as a person would.

It lives in check-dist rather than the Swift tests because it runs the unpacked release binary
and needs root (sshd, the namespace), both of which check-dist already has.
"""
import os
import signal
import socket
import subprocess
import tempfile
import time

from dist_tmux import Pane, process_alive, wait_idle
from rolopty import descendants


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def find_process(marker):
    """The pid of the one process whose command line contains marker (the caller excluded)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if marker.encode() in handle.read():
                        return int(entry)
            except OSError:
                pass
    return None


class SSHServer:
    """sshd -D as a child in the namespace of `prefix`, root logging in with a throwaway key."""

    def __init__(self, prefix, work):
        self.dir = tempfile.mkdtemp(prefix="sshd-", dir=work)
        self.port = free_port()
        host_key, self.client_key = f"{self.dir}/host_ed25519", f"{self.dir}/client_ed25519"
        for key in (host_key, self.client_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        with open(f"{self.client_key}.pub") as public, open(f"{self.dir}/authorized_keys", "w") as keys:
            keys.write(public.read())
        with open(f"{host_key}.pub") as public:
            kind, key = public.read().split()[:2]
        self.known_hosts = f"{self.dir}/known_hosts"
        with open(self.known_hosts, "w") as known:
            known.write(f"[127.0.0.1]:{self.port} {kind} {key}\n")
        config = f"{self.dir}/sshd_config"
        with open(config, "w") as handle:
            handle.write(f"""Port {self.port}
ListenAddress 127.0.0.1
HostKey {host_key}
PidFile none
AuthorizedKeysFile {self.dir}/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
PrintLastLog no
""")
        # sshd refuses to start without its privilege separation folder; Debian's service makes it.
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        self.process = subprocess.Popen(prefix + ["/usr/sbin/sshd", "-D", "-e", "-f", config],
                                        stdout=subprocess.DEVNULL, stderr=open(f"{self.dir}/sshd.log", "w"))
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"sshd did not start: {open(f'{self.dir}/sshd.log').read()}")
                time.sleep(0.02)

    def command(self):
        return (f"ssh -tt -F /dev/null -i {self.client_key} -o UserKnownHostsFile={self.known_hosts} "
                f"-o StrictHostKeyChecking=yes -o BatchMode=yes -p {self.port} root@127.0.0.1")

    def stop(self):
        """Ends sshd and every session it started, whatever state the checks left them in."""
        for pid in descendants(self.process.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def run_checks(root, prefix, work):
    """Runs the ssh checks and returns (name, passed) for each."""
    results = []

    def report(name, passed, detail):
        results.append((name, passed))
        print(f"{'ok  ' if passed else 'FAIL'}  {name}: {detail}", flush=True)

    try:
        server = SSHServer(prefix, work)
    except Exception as error:  # noqa: BLE001 - reported as a failed check
        report("ssh: sshd on 127.0.0.1", False, error)
        return results
    home = tempfile.mkdtemp(prefix="ssh-home-", dir=work)
    idle = os.path.join(work, "ssh-idle")
    pane = Pane(["env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}", "TERM=screen-256color", "LANG=C.UTF-8",
                 "PS1=local$ ", "bash", "--norc", "--noprofile"], width=100, height=30)
    try:
        pane.wait_for("the local prompt", lambda s: "local$" in s)
        pane.type(server.command())
        # Arithmetic, so the typed command itself can't match.
        pane.type(f"export PS1='remote$ ' HOME={home} PATH={root}/bin:$PATH ROLO_IDLE_FILE={idle}; "
                  "echo remote-$((6*7))")
        pane.wait_for("the remote shell", lambda s: "remote-42" in s)
        before = pane.modes()

        pane.type("rolo --demo; echo rolo-exited-$?")
        pane.wait_for("the first screen over ssh", lambda s: "24 employees" in s and "1/24" in s)
        wait_idle(idle)
        pane.send("Down")
        pane.wait_for("the second row selected", lambda s: "2/24" in s)
        pane.send("q")
        screen = pane.wait_for("the remote shell after q", lambda s: "rolo-exited-0" in s)
        after = pane.modes()
        assert after == before, f"terminal modes after q: {after}, before: {before}"
        assert "remote$" in screen.split("rolo-exited-0", 1)[1], "no remote prompt after q"
        report("ssh: first screen, ↓ moves, q back to the remote shell", True,
               f"terminal modes restored ({after})")

        marker = os.path.join(work, "killed-client-data")
        os.unlink(idle)
        pane.type(f"rolo --demo --data-dir {marker}")
        pane.wait_for("the first screen again", lambda s: "24 employees" in s and "1/24" in s)
        wait_idle(idle)
        remote = find_process(marker)
        clients = [pid for pid in descendants(pane.pane_pid()) if b"ssh" in open(f"/proc/{pid}/cmdline", "rb").read()]
        assert remote and clients, f"remote rolo {remote}, ssh client {clients}"
        os.kill(clients[0], signal.SIGKILL)
        killed = time.monotonic()
        while process_alive(remote) and time.monotonic() - killed < 5:
            time.sleep(0.005)
        gone_after = time.monotonic() - killed
        assert not process_alive(remote), "the remote rolo is still running 5 s after its ssh client was killed"
        assert gone_after < 1.0, f"the remote rolo took {gone_after:.2f} s to end"
        report("ssh: killing the client ends the remote rolo", True, f"gone {gone_after * 1000:.0f} ms after SIGKILL")
    except Exception as error:  # noqa: BLE001 - reported as a failed check
        report("ssh: rolo over ssh", False, error)
    finally:
        pane.close()
        server.stop()
    return results
