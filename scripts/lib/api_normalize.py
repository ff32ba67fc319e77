#!/usr/bin/env python3
"""Turns a `swift-api-digester -dump-sdk` file into the record scripts/api keeps.

    api_normalize.py DUMP.json OUT.json OUT.txt "TOOLCHAIN" SYMBOL_GRAPH_DIR

OUT.json is the dump without what is not the module's public API and in an order that does not
depend on where declarations sit in the sources: `package` declarations (the digester marks them
isInternal) and imports that are not `@_exported` (debug builds and the Curl trait add some) are
left out, and the declarations of the module and of each type are sorted. It stays a dump, so
`swift-api-digester -diagnose-sdk` can compare two of them.

OUT.txt says the same one declaration a line, for diffs a person reads: the declaration as the
compiler prints it for a reader, with its full name, and what the dump says about it
(attributes, static, throws, open...). The dump's own signatures drop the attributes of types
(`@MainActor () -> Void` reads `() -> Swift.Void` there), so each declaration is taken from
the module's symbol graph (`swift-symbolgraph-extract`, in SYMBOL_GRAPH_DIR), matched by its
USR: it keeps isolation and concurrency (`@MainActor` and other global actors, `@Sendable`,
`sending`, `nonisolated`, `@preconcurrency`, `isolated`, `async`) and default values. A
declaration the graph does not have is written from the dump.
"""

import glob
import json
import os
import sys

# Kinds whose children are declarations (sorted); the children of the others are positional
# types (a function's result, then its parameters; a variable's type).
CONTAINERS = {"Root", "TypeDecl"}


def is_public(node):
    if node.get("isInternal"):
        return False
    if node.get("kind") == "Import":
        return "Exported" in node.get("declAttributes", [])
    return True


def sort_key(node):
    return (node.get("printedName", ""), node.get("kind", ""), node.get("usr", ""))


def normalize(node):
    """The node with its non-public declarations dropped and its declarations sorted; `None`
    for a container of another module's type left with nothing of this module's."""
    if node.get("kind") not in CONTAINERS:
        return node
    children = [normalize(child) for child in node.get("children", []) if is_public(child)]
    children = sorted((child for child in children if child is not None), key=sort_key)
    if node.get("isExternal") and not children:
        return None
    node = dict(node)
    if children:
        node["children"] = children
    else:
        node.pop("children", None)
    return node


def type_name(node):
    return node.get("printedName", "?")


FLAGS = [
    ("static", "static"),
    ("throwing", "throws"),
    ("isOpen", "open"),
    ("isLet", "let"),
    ("isEnumExhaustive", "exhaustive"),
    ("hasMissingDesignatedInitializers", "missing-designated-inits"),
    ("protocolReq", "requirement"),
    ("overriding", "override"),
    ("isExternal", "extension-of-other-module"),
    ("isFromExtension", "in-extension"),
]


def flags(node):
    words = [word for key, word in FLAGS if node.get(key)]
    if node.get("funcSelfKind") not in (None, "NonMutating"):
        words.append(node["funcSelfKind"].lower())
    if node.get("init_kind") not in (None, "Designated"):
        words.append(node["init_kind"].lower())
    words += ["@" + attribute for attribute in sorted(node.get("declAttributes", []))]
    for key in sorted(node):
        if key.startswith("intro_"):
            words.append(f"{key[len('intro_'):]} {node[key]}")
    return f"  [{', '.join(words)}]" if words else ""


def parameters(types):
    rendered = []
    for parameter in types:
        text = type_name(parameter)
        if parameter.get("paramValueOwnership"):
            text = parameter["paramValueOwnership"].lower() + " " + text
        if parameter.get("hasDefaultArg"):
            text += " = default"
        rendered.append(text)
    return "(" + ", ".join(rendered) + ")"


def accessors(node):
    kinds = [
        accessor.get("accessorKind", accessor.get("name", "?"))
        for accessor in node.get("accessors", [])
    ]
    return " { " + " ".join(kinds) + " }" if kinds else ""


def read_declarations(folder):
    """The declaration fragments of every symbol in the symbol graphs in `folder`, by USR."""
    declarations = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph.get("symbols", []):
            fragments = symbol.get("declarationFragments")
            if fragments:
                declarations.setdefault(symbol["identifier"]["precise"], fragments)
    return declarations


# Set by main: the symbol graph's declarations of the module, by USR.
DECLARATIONS = {}


def declared(node, path):
    """The declaration of `node` as the symbol graph prints it, its name qualified by `path`;
    `None` where the graph does not have it."""
    fragments = DECLARATIONS.get(node.get("usr", ""))
    if not fragments:
        return None
    spellings = [fragment["spelling"] for fragment in fragments]
    kinds = [fragment["kind"] for fragment in fragments]
    prefix = ".".join(path)
    if "identifier" in kinds:
        index = kinds.index("identifier")
        spellings[index] = f"{prefix}.{spellings[index]}"
    else:  # init, subscript: the keyword is the name
        for index, (kind, spelling) in enumerate(zip(kinds, spellings)):
            if kind == "keyword" and spelling in ("init", "subscript"):
                spellings[index] = f"{prefix}.{spelling}"
                break
    return "".join(spellings)


def line(node, path, outer_generic=""):
    kind = node.get("kind")
    declaration = node.get("declKind", kind)
    name = ".".join(path + [node.get("printedName", "?")])
    # A member repeats its type's generic signature; shown only where it adds to it.
    generic = node.get("genericSig", "")
    if kind != "TypeDecl" and generic == outer_generic:
        generic = ""
    children = node.get("children", [])
    written = declared(node, path)
    if kind == "TypeDecl":
        inherits = list(node.get("superclassNames", [])[:1])
        inherits += sorted(type_name(conformance) for conformance in node.get("conformances", []))
        text = f"{declaration.lower()} {name}{generic}"
        if written is not None:
            text = written
        if inherits:
            text += "  conforms to " + ", ".join(inherits)
        return text + flags(node)
    if written is not None:
        return written + (f"  generic {generic}" if generic else "") + flags(node)
    if kind in ("Function", "Constructor", "Subscript"):
        keyword = {"Function": "func", "Constructor": "init", "Subscript": "subscript"}[kind]
        result = type_name(children[0]) if children else "?"
        return f"{keyword} {name}{generic} {parameters(children[1:])} -> {result}" + flags(node)
    if kind == "Var":
        keyword = "case" if declaration == "EnumElement" else "var"
        value = type_name(children[0]) if children else "?"
        return f"{keyword} {name}: {value}{accessors(node)}" + flags(node)
    if kind == "TypeAlias":
        value = type_name(children[0]) if children else "?"
        return f"typealias {name}{generic} = {value}" + flags(node)
    if kind == "AssociatedType":
        defaults = " = " + type_name(children[0]) if children else ""
        return f"associatedtype {name}{defaults}" + flags(node)
    if kind == "Import":
        return f"import {node.get('name')}" + flags(node)
    return f"{declaration.lower()} {name}{generic}" + flags(node)


def lines(node, path):
    outer_generic = node.get("genericSig", "")
    for child in node.get("children", []):
        yield line(child, path, outer_generic)
        if child.get("kind") in CONTAINERS:
            yield from lines(child, path + [child.get("printedName", "?")])


def main():
    dump, out_json, out_text, toolchain, graphs = sys.argv[1:6]
    DECLARATIONS.update(read_declarations(graphs))
    with open(dump, encoding="utf-8") as file:
        data = json.load(file)
    root = normalize(data["ABIRoot"])
    with open(out_json, "w", encoding="utf-8") as file:
        json.dump({"ABIRoot": root}, file, indent=1, sort_keys=True)
        file.write("\n")
    module = root.get("name", "?")
    with open(out_text, "w", encoding="utf-8") as file:
        file.write(f"# The public API of {module}, as swift-api-digester -dump-sdk reads it,\n")
        file.write("# each declaration as swift-symbolgraph-extract prints it\n")
        file.write(f"# ({toolchain}); written by scripts/api record.\n")
        for text in lines(root, [module]):
            file.write(text + "\n")


if __name__ == "__main__":
    main()
