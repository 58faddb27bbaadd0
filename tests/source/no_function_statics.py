#!/usr/bin/env python3
"""No function-static state in pelab's C++ (docs/architecture.md, "No hidden state").

State lives in objects someone creates (AppContext, the plot context, the string catalogue), never in
a `static` local variable that lives from its first use to the end of the program. Allowed inside a
function: `static constexpr ...`, `static const` of a literal scalar type (a number, a character, a
C string, std::string_view, or arrays of them) and `static_assert`. Everything else is listed as
FILE:LINE: DECLARATION, and the exit code is 1.

  no_function_statics.py DIR...           scans every .cpp/.hpp/.h/.c under the directories
  no_function_statics.py --fixture FILE   scans FILE and checks that exactly its lines ending in
                                          `// flagged` are reported (the scanner's own test)

A text scanner, not a compiler: comments, strings and preprocessor lines are blanked first, then
braces are followed to tell function bodies (and blocks and lambdas inside them) from namespaces and
class bodies, where `static` means something else.
"""
import os
import re
import sys

# Types a `static const` local may have: literal scalars, so the constant is made at compile time
# (no guard variable, no construction on first use).
LITERAL_TYPES = {
    "bool", "char", "signed", "unsigned", "short", "int", "long", "float", "double", "wchar_t",
    "char8_t", "char16_t", "char32_t", "size_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t",
    "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "string_view",
    "ImWchar", "ImU32", "ImGuiID",
    # pelab's own: a row of the view registry (ui/view_registry.hpp) is string_views, enums and
    # function pointers, and every row is constinit.
    "ViewType",
}
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".c")


def blank(text):
    """The text with comments, string and character literals and preprocessor lines replaced by
    spaces (newlines kept, so offsets keep their line numbers)."""
    out = list(text)
    i, n = 0, len(text)
    at_line_start = True

    def clear(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if at_line_start and c == "#":  # a preprocessor line, with its continuations
            j = i
            while j < n and not (text[j] == "\n" and text[j - 1] != "\\"):
                j += 1
            clear(i, j)
            i = j
            continue
        if not c.isspace():
            at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            clear(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            clear(i, j)
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            j = text.find(")" + delimiter + '"', open_paren)
            j = n if j < 0 else j + len(delimiter) + 2
            clear(i + 1, j)
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            clear(i + 1, min(j, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


TEMPLATE_PREFIX = re.compile(r"^\s*template\s*<")
CLASS_HEAD = re.compile(r"^\s*(?:typedef\s+)?(?:class|struct|union|enum)\b")


def strip_template_prefix(header):
    """`template <...> struct X` -> `struct X` (angle brackets balanced)."""
    m = TEMPLATE_PREFIX.match(header)
    if not m:
        return header
    depth, k = 1, m.end()
    while k < len(header) and depth > 0:
        depth += {"<": 1, ">": -1}.get(header[k], 0)
        k += 1
    return header[k:]


def scope_of(header):
    """What a `{` opens, from the text between the previous `;`, `{` or `}` and it."""
    if re.search(r"\bnamespace\b", header) or re.search(r'\bextern\s*"\s*"\s*$', header):
        return "namespace"
    head = strip_template_prefix(header)
    if CLASS_HEAD.match(head) and "=" not in head and "(" not in head:
        return "class"
    return "code"  # a function body, a lambda, a block, an initializer


def declaration_allowed(declaration):
    """`declaration` runs from `static` to its initializer (excluded)."""
    head = declaration.split("=")[0]
    # std::array<T, N> is as literal as T (N may be any expression, calls included).
    head = re.sub(r"\barray\s*<\s*([^,<>]+?)\s*,[^<>]*>", r"\1", head)
    head = head.split("(")[0].split("[")[0]  # direct initialisation, array bounds
    words = re.findall(r"[A-Za-z_]\w*", head)
    if "constexpr" in words:
        return True
    if "const" not in words:
        return False
    if "*" in head and "const" not in head[head.rfind("*"):]:
        return False  # `static const char* p`: the characters are constant, the pointer is not
    type_words = [w for w in words if w not in ("static", "const", "std", "inline")][:-1]  # the last is the name
    return bool(type_words) and all(w in LITERAL_TYPES for w in type_words)


def function_statics(text):
    """(line, declaration) of every function-local static that is not allowed."""
    code = blank(text)
    found = []
    scopes = []  # "namespace", "class" or "code" for each open brace
    statement_start = 0
    for m in re.finditer(r"[{};]|\bstatic\b", code):
        token = m.group()
        if token == "{":
            scopes.append(scope_of(code[statement_start:m.start()]))
            statement_start = m.end()
        elif token == "}":
            if scopes:
                scopes.pop()
            statement_start = m.end()
        elif token == ";":
            statement_start = m.end()
        elif scopes and scopes[-1] == "code":
            end = re.compile(r"[;{]|=").search(code, m.end())
            declaration = " ".join(code[m.start():end.start() if end else len(code)].split())
            if end and end.group() == "=":
                declaration += " = ..."
            if not declaration_allowed(declaration):
                found.append((code.count("\n", 0, m.start()) + 1, declaration))
    return found


def sources(directories):
    for directory in directories:
        for root, dirs, files in os.walk(directory):
            dirs[:] = sorted(d for d in dirs if d != "forbidden")  # core/forbidden: stand-in headers
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(root, name)


def main(argv):
    if len(argv) == 3 and argv[1] == "--fixture":
        with open(argv[2], encoding="utf-8") as f:
            text = f.read()
        expected = {k + 1 for k, line in enumerate(text.split("\n")) if line.rstrip().endswith("// flagged")}
        reported = {line for line, _ in function_statics(text)}
        for line in sorted(reported - expected):
            print(f"{argv[2]}:{line}: reported, but not marked // flagged")
        for line in sorted(expected - reported):
            print(f"{argv[2]}:{line}: marked // flagged, but not reported")
        if reported != expected:
            return 1
        print(f"no_function_statics: the fixture's {len(expected)} statics found, nothing else")
        return 0
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    count, files = 0, 0
    for path in sources(argv[1:]):
        files += 1
        with open(path, encoding="utf-8") as f:
            for line, declaration in function_statics(f.read()):
                print(f"{path}:{line}: function-static state: {declaration}")
                count += 1
    if count:
        print(f"no_function_statics: {count} function-local statics in {files} files: keep the state in an "
              "object the program creates (the app's context, a plot context, the string catalogue), or "
              "make the value static constexpr")
        return 1
    print(f"no_function_statics: none in {files} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
