#!/usr/bin/env python3
"""The recipes of docs/architecture.md say what is true of the code.

Each recipe ("### Add ..." under "## Recipes") has a paragraph starting `files (N):` and may have
paragraphs starting `also:`, `tests:` and `docs:`. Paths are written in backticks; a `files` item
(items are separated by commas outside backticks) may name alternatives ("`a` or `b`"). Checked:

  - N equals the number of items of the `files` list;
  - every path of every paragraph exists; a path with a `<...>` placeholder must match at least one
    existing file when the placeholder is read as a wildcard;
  - for the recipes whose instances the code lists (views, encoding kinds, RoPE scaling types,
    languages, lessons, pelab-cli commands), every existing instance is in every `files` item: an
    item with `<id>` must exist with the instance's name put in, any other item must contain the
    name (as written, or with '-' and '_' exchanged). A recipe that names a file a new one must
    touch, while the existing ones do not appear in it, is no longer true.

  docs_recipes.py ROOT              checks ROOT/docs/architecture.md against ROOT
  docs_recipes.py --self-test       checks the checker on small made-up documents

Prints one line per problem (FILE:LINE: ...) and exits 1 if there is any.
"""
import glob
import os
import re
import sys
import tempfile

HEADING = re.compile(r"^### (.+)$")
PARAGRAPH = re.compile(r"^(files \((\d+)\)|also|tests|docs):\s*(.*)$")
PATH = re.compile(r"`([^`]+)`")
PLACEHOLDER = re.compile(r"<[^>]+>")
LOOKS_LIKE_PATH = re.compile(r"^[A-Za-z0-9_.<>*-]+(/[A-Za-z0-9_.<>*-]+)+$|^[A-Za-z0-9_<>-]+\.(md|json|txt)$")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def split_items(text):
    """The comma-separated items of a list, commas inside backticks not counting."""
    items, current, in_code = [], "", False
    for ch in text:
        if ch == "`":
            in_code = not in_code
        if ch == "," and not in_code:
            items.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        items.append(current)
    return [i.strip() for i in items if i.strip()]


def paths_in(text):
    """The backticked spans that are repository paths (not code such as `VIEW(<id>)`)."""
    return [p for p in PATH.findall(text) if LOOKS_LIKE_PATH.match(p)]


def parse_recipes(text):
    """[(title, line, {kind: [(line, text)]})] for the ### headings after "## Recipes"."""
    lines = text.split("\n")
    recipes, in_recipes, current, para, para_line = [], False, None, None, 0

    def flush():
        if current is not None and para is not None:
            current[2].setdefault(para[0], []).append((para_line, para[1]))

    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            flush()
            para = None
            in_recipes = line.strip() == "## Recipes"
            current = None
            continue
        if not in_recipes:
            continue
        m = HEADING.match(line)
        if m:
            flush()
            para = None
            current = (m.group(1).strip(), number, {})
            recipes.append(current)
            continue
        if current is None:
            continue
        m = PARAGRAPH.match(line)
        if m:
            flush()
            kind = "files" if m.group(1).startswith("files") else m.group(1)
            text_so_far = m.group(3)
            if kind == "files":
                text_so_far = m.group(2) + "\0" + text_so_far
            para, para_line = (kind, text_so_far), number
        elif para is not None and line.strip():
            para = (para[0], para[1] + " " + line.strip())
        else:
            flush()
            para = None
    flush()
    return recipes


def matches(root, path):
    if PLACEHOLDER.search(path):
        return bool(glob.glob(os.path.join(root, PLACEHOLDER.sub("*", path))))
    return os.path.exists(os.path.join(root, path))


# The instances of each recipe, read from the code. Each returns a list of names; an empty list
# or a missing source is a problem in itself (the recipe's instances can no longer be found).
def enum_values(root, header, enum):
    text = read(os.path.join(root, header))
    m = re.search(r"enum class " + enum + r"\s*(?::[^{]*)?\{([^}]*)\}", text)
    if not m:
        return []
    body = re.sub(r"//[^\n]*", "", m.group(1))
    return [v.split("=")[0].strip() for v in body.split(",") if v.strip()]


def views(root):
    text = re.sub(r"//[^\n]*", "", read(os.path.join(root, "app/state/view_types.hpp")))
    return re.findall(r"VIEW\((\w+)\)", text)


def kinds(root):
    return enum_values(root, "core/include/pelab/encodings.hpp", "EncodingKind")


def rope_types(root):
    # "none" is the absence of a scaling, not a type a new one is modelled on.
    return [v for v in enum_values(root, "core/include/pelab/rope_scaling.hpp", "RopeScalingType") if v != "none"]


def languages(root):
    base = os.path.join(root, "assets/i18n")
    return sorted(d for d in os.listdir(base) if os.path.isdir(os.path.join(base, d)))


def lessons(root):
    return sorted(os.path.splitext(os.path.basename(p))[0]
                  for p in glob.glob(os.path.join(root, "assets/lessons/*.json")))


def cli_commands(root):
    text = read(os.path.join(root, "app/cli/command_line.cpp"))
    m = re.search(r"kCommands\s*=\s*\{([^}]*)\}", text)
    return re.findall(r'"([^"]+)"', m.group(1)) if m else []


INSTANCES = {
    "Add a view": views,
    "Add an encoding kind": kinds,
    "Add a RoPE scaling type": rope_types,
    "Add a language": languages,
    "Add a lesson": lessons,
    "Add a pelab-cli command": cli_commands,
}


def forms(name):
    return {name, name.replace("-", "_"), name.replace("_", "-")}


def check(root, doc_path):
    problems = []
    rel = os.path.relpath(doc_path, root)
    recipes = parse_recipes(read(doc_path))
    if not recipes:
        return [f"{rel}: no recipes (### headings under '## Recipes')"]
    for title, line, paras in recipes:
        where = f"{rel}:{line}"
        files = paras.get("files", [])
        if len(files) != 1:
            problems.append(f"{where}: '{title}' needs exactly one 'files (N):' paragraph, has {len(files)}")
            continue
        files_line, raw = files[0]
        stated, text = raw.split("\0", 1)
        items = split_items(text)
        item_paths = [paths_in(item) for item in items]
        if int(stated) != len(items):
            problems.append(f"{rel}:{files_line}: '{title}' says files ({stated}) but lists {len(items)}")
        for item, paths in zip(items, item_paths):
            if not paths:
                problems.append(f"{rel}:{files_line}: '{title}': an item names no path: {item}")
        for kind, entries in paras.items():
            for para_line, para_text in entries:
                for path in paths_in(para_text.split("\0")[-1]):
                    if not matches(root, path):
                        problems.append(f"{rel}:{para_line}: '{title}' ({kind}): {path} does not exist")
        finder = INSTANCES.get(title)
        if finder is None:
            continue
        try:
            names = finder(root)
        except OSError as e:
            names, reason = [], str(e)
        else:
            reason = "none found"
        if not names:
            problems.append(f"{where}: '{title}': cannot list the existing instances ({reason})")
            continue
        for name in names:
            for item, paths in zip(items, item_paths):
                if not any(matches(root, p) for p in paths):
                    continue  # reported above
                ok = False
                for path in paths:
                    if "<id>" in path:
                        ok = ok or any(os.path.exists(os.path.join(root, path.replace("<id>", f))) for f in forms(name))
                    elif PLACEHOLDER.search(path):
                        ok = ok or any(any(f in read(p) for f in forms(name))
                                       for p in glob.glob(os.path.join(root, PLACEHOLDER.sub("*", path))))
                    elif os.path.isfile(os.path.join(root, path)):
                        ok = ok or any(f in read(os.path.join(root, path)) for f in forms(name))
                if not ok:
                    problems.append(f"{rel}:{files_line}: '{title}': '{name}' is not in {' or '.join(paths)}, "
                                    "so a new one would not touch it: update the list")
    return problems


def self_test():
    """The checker finds what it should on made-up trees: a wrong count, a missing file, an
    instance a listed file does not name, and passes a true document."""
    failures = []
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        write("assets/lessons/01_a.json", "{}")
        write("assets/lessons/02_b.json", "{}")
        write("tests/app/test_lessons.cpp", '{"01_a", 6}, {"02_b", 7}')
        write("other.txt", "01_a only")

        def run(body):
            write("docs/architecture.md", "# t\n\n## Recipes\n\n### Add a lesson\n\n" + body + "\n\n## After\n")
            return check(root, os.path.join(root, "docs/architecture.md"))

        cases = [
            ("true", "files (2): `assets/lessons/<id>.json` (new), `tests/app/test_lessons.cpp`", []),
            ("count", "files (3): `assets/lessons/<id>.json`, `tests/app/test_lessons.cpp`", ["says files (3) but lists 2"]),
            ("missing", "files (2): `assets/lessons/<id>.json`, `tests/app/nothing.cpp`", ["does not exist"]),
            ("unnamed", "files (2): `assets/lessons/<id>.json`, `other.txt`", ["'02_b' is not in other.txt"]),
            ("alternative", "files (1): `other.txt` or `tests/app/test_lessons.cpp`", []),
            ("wrapped", "files (2): `assets/lessons/<id>.json`,\n`tests/app/test_lessons.cpp`\n\ntests: `gone.md`", ["gone.md does not exist"]),
            ("no list", "Just prose.", ["exactly one 'files (N):'"]),
        ]
        for name, body, expected in cases:
            got = run(body)
            if len(got) != len(expected) or any(e not in g for e, g in zip(expected, got)):
                failures.append(f"self-test '{name}': expected {expected}, got {got}")
    for f in failures:
        print(f)
    return 1 if failures else 0


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2:
        print("usage: docs_recipes.py ROOT | --self-test", file=sys.stderr)
        return 2
    root = argv[1]
    problems = check(root, os.path.join(root, "docs/architecture.md"))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
