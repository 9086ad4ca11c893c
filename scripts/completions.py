#!/usr/bin/env python3
"""Writes rolo's bash, zsh and fish completion scripts, as the binary generates them, plus the
source names right after `rolo`.

swift-argument-parser's scripts ignore a default subcommand: `rolo <Tab>` offers `browse`,
`dump`, `demo-server`, `keys` and `help` but not `people`, which is what a user types (`rolo people` is
`rolo browse people`). Making the root command take the source instead breaks subcommands (the
parser reads `demo-server` as a source), so the names are added here, at the one place each
script lists what may follow `rolo`. Each edit must apply, or this fails: a new
argument-parser that changes its scripts gets noticed, not shipped half-working.

Usage: scripts/completions.py BINARY BASH_FILE ZSH_FILE FISH_FILE
"""
import json
import subprocess
import sys


def generate(binary, shell):
    return subprocess.run([binary, "--generate-completion-script", shell], check=True,
                          capture_output=True, text=True).stdout


def describe(binary):
    """The command's own description of itself."""
    return json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)["command"]


def sources(command):
    """The values of the browse command's source argument."""
    [browse] = [c for c in command["subcommands"] if c["commandName"] == "browse"]
    [source] = [a for a in browse["arguments"] if a["kind"] == "positional"]
    return source["allValues"]


def subcommands(command):
    """What bash's script offers after `rolo`, in its order: the subcommands, then help."""
    return " ".join([c["commandName"] for c in command["subcommands"] if c["commandName"] != "help"] + ["help"])


def replace_once(script, old, new, shell):
    if script.count(old) != 1:
        raise SystemExit(f"completions.py: the {shell} script no longer has {old!r} once; update the edit")
    return script.replace(old, new)


def main():
    binary, bash_path, zsh_path, fish_path = sys.argv[1:5]
    command = describe(binary)
    names = sources(command)
    words = " ".join(names)
    after_rolo = subcommands(command)

    bash = replace_once(generate(binary, "bash"), f"compgen -W '{after_rolo}'",
                        f"compgen -W '{words} {after_rolo}'", "bash")
    zsh = replace_once(generate(binary, "zsh"), "        local -ar subcommands=(\n",
                       "        local -ar subcommands=(\n"
                       + "".join(f"            '{name}:open rolo on {name}'\n" for name in names), "zsh")
    fish = generate(binary, "fish") + (
        "complete -c 'rolo' -n '__rolo_should_offer_completions_for_positional \"rolo\" -eq 1' "
        f"-fka '{words}' -d 'Open rolo on this source'\n")
    if "__rolo_should_offer_completions_for_positional" not in fish.split("complete -c", 1)[0]:
        raise SystemExit("completions.py: the fish script no longer defines the function the edit uses")
    for path, text in ((bash_path, bash), (zsh_path, zsh), (fish_path, fish)):
        with open(path, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
