#!/usr/bin/env python3
"""Writes rolo's bash, zsh and fish completion scripts, as the binary generates them, plus the
source names right after `rolo`.

swift-argument-parser's scripts ignore a default subcommand: `rolo <Tab>` offers `browse`,
`dump`, `sync`, `add`, `act`, `demo-server`, `keys` and `help` but not `people`, which is what a user types (`rolo people` is
`rolo browse people`). Making the root command take the source instead breaks subcommands (the
parser reads `demo-server` as a source), so the names are added here, at the one place each
script lists what may follow `rolo`. The names are the run's catalog, the config file's
[[sources]] among them, which no script written now can list: the scripts ask rolo as they
complete, with the very call each script makes for browse's source argument (its custom
completion, `rolo ---completion browse -- positional@0 …`), which is copied from there. Each
edit must apply, or this fails: a new argument-parser that changes its scripts gets noticed, not
shipped half-working.

Each source's own options (`--foods-url`, …) come from the source registry, not from the
parser's declarations, so its scripts don't have them either: they are read from the browse
command's help (where the registry lists them as `  --name <value>` and the help under it) and
added to browse and dump in each script.

Usage: scripts/completions.py BINARY BASH_FILE ZSH_FILE FISH_FILE
"""
import json
import re
import subprocess
import sys


def generate(binary, shell):
    return subprocess.run([binary, "--generate-completion-script", shell], check=True,
                          capture_output=True, text=True).stdout


def describe(binary):
    """The command's own description of itself."""
    return json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)["command"]


def source_call(script, pattern, shell):
    """The call `script` makes for browse's source argument: the shell's words for the names."""
    match = re.search(pattern, script, re.MULTILINE)
    if not match:
        raise SystemExit(f"completions.py: the {shell} script no longer asks rolo for browse's sources; update the edit")
    return match.group(1)


def source_options(command):
    """The sources' own options as (name, value name, help), from browse's help."""
    [browse] = [c for c in command["subcommands"] if c["commandName"] == "browse"]
    options = []
    for line in browse.get("discussion", "").splitlines():
        match = re.fullmatch(r"  --([a-z0-9-]+) <([^>]+)>", line)
        if match:
            options.append([match.group(1), match.group(2), ""])
        elif options and line.startswith("        "):
            options[-1][2] = (options[-1][2] + " " + line.strip()).strip()
    if not options:
        raise SystemExit("completions.py: browse's help lists no source options; update the edit")
    return options


def subcommands(command):
    """What bash's script offers after `rolo`, in its order: the subcommands, then help."""
    return " ".join([c["commandName"] for c in command["subcommands"] if c["commandName"] != "help"] + ["help"])


def replace_first(script, old, new, shell):
    """`old` replaced where it first comes (in the function that starts `script`)."""
    if old not in script:
        raise SystemExit(f"completions.py: the {shell} script no longer has {old!r}; update the edit")
    return script.replace(old, new, 1)


def replace_once(script, old, new, shell):
    if script.count(old) != 1:
        raise SystemExit(f"completions.py: the {shell} script no longer has {old!r} once; update the edit")
    return script.replace(old, new)


def main():
    binary, bash_path, zsh_path, fish_path = sys.argv[1:5]
    command = describe(binary)
    after_rolo = subcommands(command)

    options = source_options(command)
    flags = " ".join(f"--{name}" for name, _, _ in options)

    bash = generate(binary, "bash")
    names = source_call(bash, r'-W "(\$\(\S+_custom_complete ---completion browse -- positional@0 .*\))"$', "bash")
    bash = replace_once(bash, f"compgen -W '{after_rolo}'", f"compgen -W \"{names} {after_rolo}\"", "bash")
    for function in ("_rolo_browse() {", "_rolo_dump() {"):
        head, body = bash.split(function, 1)
        body = replace_first(body, "non_repeating_options=(--", f"non_repeating_options=({flags} --", "bash")
        bash = head + function + body
    zsh = generate(binary, "zsh")
    source_call(zsh, r"\{(\S+_custom_complete ---completion browse -- positional@0 .*)\}'$", "zsh")
    # Each name the catalog has, described; zsh's custom completions end with a " " line.
    zsh = replace_once(zsh, "        local -ar subcommands=(\n",
                       "        local -ar subcommands=(\n"
                       "            ${(f)\"$(\"${command_name}\" ---completion browse -- positional@0 0 0 \"${command_line[@]}\" \"\""
                       " | while IFS= read -r name; do [[ -n ${name// } ]] && print -r -- \"${name}:open rolo on ${name}\"; done)\"}\n", "zsh")
    specs = "".join(
        "        '--{}[{}]:{}:'\n".format(name, help.replace(":", "\\:").replace("[", "\\[").replace("]", "\\]").replace("'", "'\\''"), value)
        for name, value, help in options)
    for function in ("_rolo_browse() {", "_rolo_dump() {"):
        head, body = zsh.split(function, 1)
        body = replace_first(body, "    local -ar arg_specs=(\n", "    local -ar arg_specs=(\n" + specs, "zsh")
        zsh = head + function + body
    # fish 3's `commandline -o -tC`, which the generated call passes as the cursor, fails
    # ("Can not set commandline"), so the source arguments ask rolo through a function of their
    # own, with the words before the cursor (fish filters the names by the word itself).
    fish, calls = re.subn(r"'\(\S+_custom_completion ---completion (browse|dump|act) -- positional@0 .*\)'$",
                          "'(__rolo_source_names)'", generate(binary, "fish"), flags=re.MULTILINE)
    if calls != 3:
        raise SystemExit(f"completions.py: the fish script asks rolo for {calls} source arguments, not 3; update the edit")
    fish += (
        "function __rolo_source_names\n"
        "    set -l words (__rolo_tokens -pc)\n"
        "    command $words[1] ---completion browse -- positional@0 0 0 $words ''\n"
        "end\n"
        "complete -c 'rolo' -n '__rolo_should_offer_completions_for_positional \"rolo\" -eq 1' "
        "-fka '(__rolo_source_names)' -d 'Open rolo on this source'\n") + "".join(
        f"complete -c 'rolo' -n '__fish_seen_subcommand_from browse dump; or not __fish_seen_subcommand_from add act demo-server keys help' "
        f"-l '{name}' -r -d '{help.replace(chr(39), chr(92) + chr(39))}'\n" for name, _, help in options)
    if "__rolo_should_offer_completions_for_positional" not in fish.split("complete -c", 1)[0]:
        raise SystemExit("completions.py: the fish script no longer defines the function the edit uses")
    for path, text in ((bash_path, bash), (zsh_path, zsh), (fish_path, fish)):
        with open(path, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
