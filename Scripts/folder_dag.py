#!/usr/bin/env python3
"""Checks that the folders of a Swift module form a DAG (`make lint`).

For every folder under the module's source directory, an index of the types it declares at top
level (struct, enum, class, actor, protocol, typealias); then, for every Swift file of every folder,
the identifiers it uses outside comments and string literals. A file of folder A that names a type
declared in folder B is an arrow A -> B. Any cycle among the arrows fails the check, printed with one
file and type per arrow so the reader sees where to cut it. Files directly in the module folder (the
module-wide error type, re-exports) are shared by every folder and take part in no arrow.

The index is by name only, so it sees types, not extension methods: a call of a method that another
folder adds to a type declared elsewhere is no arrow here.

Usage: folder_dag.py [--graph] SOURCE_DIR...
"""

import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|fileprivate|private|final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)",
    re.MULTILINE,
)
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")


def strip_comments_and_strings(text):
    """The code without comments and string literals (multi-line strings included)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            i = n if j < 0 else j + 3
            out.append(' "" ')
        elif text[i] == '"':
            i += 1
            while i < n and text[i] != '"' and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append(' "" ')
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def swift_files(folder):
    for root, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def check(module_dir, show_graph):
    folders = sorted(
        entry for entry in os.listdir(module_dir)
        if os.path.isdir(os.path.join(module_dir, entry)) and not entry.endswith(".docc")
    )
    code = {}
    owner = {}  # type name -> folder that declares it
    for folder in folders:
        for path in swift_files(os.path.join(module_dir, folder)):
            with open(path, encoding="utf-8") as handle:
                code[path] = (folder, strip_comments_and_strings(handle.read()))
            for name in DECLARATION.findall(code[path][1]):
                owner.setdefault(name, folder)
    arrows = {}  # (from, to) -> (file, type)
    for path, (folder, text) in sorted(code.items()):
        declared_here = set(DECLARATION.findall(text))
        for name in sorted(set(IDENTIFIER.findall(text)) - declared_here):
            target = owner.get(name)
            if target and target != folder:
                arrows.setdefault((folder, target), (os.path.relpath(path, module_dir), name))
    graph = {folder: sorted(t for (f, t) in arrows if f == folder) for folder in folders}
    if show_graph:
        for (source, target), (path, name) in sorted(arrows.items()):
            print(f"{source} -> {target}  ({name} in {path})")
    cycles = find_cycles(graph)
    for cycle in cycles:
        print(f"error: folders of {module_dir} form a cycle: {' -> '.join(cycle + [cycle[0]])}", file=sys.stderr)
        for source, target in zip(cycle, cycle[1:] + [cycle[0]]):
            path, name = arrows[(source, target)]
            print(f"  {source} -> {target}: {path} uses {name}", file=sys.stderr)
    return not cycles


def find_cycles(graph):
    """One cycle per strongly connected component of more than one folder (Tarjan)."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def connect(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph[node]:
            if successor not in index:
                connect(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(set(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    cycles = []
    for component in components:
        start = min(component)
        # The shortest way back to the start inside the component (breadth first).
        paths, seen = [[start]], {start}
        while paths:
            path = paths.pop(0)
            successors = [s for s in graph[path[-1]] if s in component]
            if start in successors:
                cycles.append(path)
                break
            for successor in successors:
                if successor not in seen:
                    seen.add(successor)
                    paths.append(path + [successor])
    return cycles


if __name__ == "__main__":
    arguments = sys.argv[1:]
    show = "--graph" in arguments
    directories = [a for a in arguments if a != "--graph"]
    if not directories:
        sys.exit(__doc__)
    results = [check(directory, show) for directory in directories]
    sys.exit(0 if all(results) else 1)
