#!/usr/bin/env python3
"""Converts aocd-example-parser's table (crates/aoc-site/data/aocd-examples.json, vendored
unchanged) into crates/aoc-site/data/aocd-locators.json, which module `known` of aoc-site
reads with serde.

The table's locators are small Python expressions over a page's texts (`a_code[-2]`,
`b_li[0].codes[1]`, `a_pre[0].split()[-1]`). Rather than evaluate Python in Rust, each one
is translated here, once, from its syntax tree (Python's `ast`; no page is read, and the
only thing computed is a sum of constants the table writes out) into a closed form:

    {"literal": TEXT}                       a text the table writes itself
    "nothing"                               Python's None: no answer
    {"read": {"from": LIST, "steps": [..]}} one of aocd's lists (`a_code`, `b_pre`, `a_li`,
                                            `page_code` for `page.soup.find_all('code')`),
                                            then steps in order
    {"join": {"with": SEP, "pieces": [..]}} a tuple (SEP a line break), `+` and
                                            `'..{}..'.format(..)` (SEP empty)
    {"product": [..]}                       `str(int(x) * int(y))`

A step is {"index": I}, {"slice": [START, STOP, STEP]}, {"split": SEP or null},
"lines", {"replace": [OLD, NEW]}, {"count": TEXT} and "len" (as a number's text, as the
table always wraps them in `str`), "max", "text", "codes", {"first": TAG} (`.code`, `.em`),
"is_none" (`str(int(x is None))`), "children", {"each": [STEPS]} (a comprehension) and
{"join": SEP}. An example also says where its input expression came from ("source"),
whether the input or an answer reads part 2's lists ("part_two"), whether an answer is
the table's default ("by_default") and the setting its answers need ("extra"). A puzzle
with a locator outside these forms is listed under "unconverted" (and printed): module
`known` leaves it to the page rule.

Usage, from the project root (Python 3.10 or later): python3 scripts/convert-aocd-examples.py [--check]
(--check compares the committed output with what this writes, and fails on a difference).
"""
import ast
import json
import sys

SOURCE = "crates/aoc-site/data/aocd-examples.json"
TARGET = "crates/aoc-site/data/aocd-locators.json"
LISTS = {f"{part}_{tag}" for part in "ab" for tag in ("code", "pre", "em", "li")}
ATTRIBUTES = {"text": "text", "codes": "codes", "children": "children"}


class Unsupported(Exception):
    pass


def literal_text(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    raise Unsupported(ast.unparse(node))


def number(node):
    """An integer the table writes (`-2`, `0b110`), or None for a missing slice bound."""
    if node is None:
        return None
    value = ast.literal_eval(node)
    if type(value) is not int:
        raise Unsupported(ast.unparse(node))
    return value


def path(node, variable=None):
    """(list, steps) of an expression that reads a list and transforms it; `variable` is a
    comprehension's, whose root is written as None."""
    match node:
        case ast.Name(id=name) if name == variable:
            return None, []
        case ast.Name(id=name) if name in LISTS and variable is None:
            return name, []
        case ast.Call(func=ast.Attribute(value=ast.Attribute(value=ast.Name(id="page"), attr="soup"),
                                         attr="find_all"), args=[tag], keywords=[]) if variable is None:
            return f"page_{literal_text(tag)}", []
        case ast.Subscript(value=value, slice=ast.Slice(lower=lower, upper=upper, step=step)):
            if number(step) is not None and number(step) <= 0:
                raise Unsupported(ast.unparse(node))
            return extend(value, variable, {"slice": [number(lower), number(upper), number(step)]})
        case ast.Subscript(value=value, slice=index):
            return extend(value, variable, {"index": number(index)})
        case ast.Attribute(value=value, attr=attr) if attr in ATTRIBUTES:
            return extend(value, variable, ATTRIBUTES[attr])
        case ast.Attribute(value=value, attr=("code" | "em") as tag):
            return extend(value, variable, {"first": tag})
        case ast.Call(func=ast.Attribute(value=value, attr=method), args=args, keywords=[]):
            return extend(value, variable, method_step(method, args, node))
        case ast.Call(func=ast.Name(id="max"), args=[value], keywords=[]):
            return extend(value, variable, "max")
        # `list(x.children)`: the children are a list already.
        case ast.Call(func=ast.Name(id="list"), args=[ast.Attribute(attr="children") as value], keywords=[]):
            return path(value, variable)
        case ast.ListComp(elt=elt, generators=[ast.comprehension(target=ast.Name(id=name), iter=source,
                                                                 ifs=[], is_async=0)]):
            root, steps = path(elt, name)
            if root is not None:
                raise Unsupported(ast.unparse(node))
            return extend(source, variable, {"each": steps})
    raise Unsupported(ast.unparse(node))


def method_step(method, args, node):
    match method, args:
        case "split", []:
            return {"split": None}
        case "split", [sep] if literal_text(sep):
            return {"split": literal_text(sep)}
        case "splitlines", []:
            return "lines"
        case "replace", [old, new] if literal_text(old):
            return {"replace": [literal_text(old), literal_text(new)]}
    raise Unsupported(ast.unparse(node))


def extend(value, variable, step):
    root, steps = path(value, variable)
    return root, steps + [step]


def read(node):
    root, steps = path(node)
    return {"read": {"from": root, "steps": steps}}


def pieces(node):
    """The texts `a + b + c` concatenates."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return pieces(node.left) + pieces(node.right)
    return [locator(node)]


def locator(node):
    match node:
        case ast.Constant(value=None):
            return "nothing"
        case ast.Constant(value=str(text)):
            return {"literal": text}
        case ast.Tuple(elts=items):
            return {"join": {"with": "\n", "pieces": [locator(item) for item in items]}}
        case ast.BinOp(op=ast.Add()):
            return {"join": {"with": "", "pieces": pieces(node)}}
        # `'{} and {}'.format(x, y)`: the template's pieces around the values.
        case ast.Call(func=ast.Attribute(value=ast.Constant(value=str(template)), attr="format"), args=args,
                      keywords=[]):
            fixed = template.split("{}")
            if len(fixed) != len(args) + 1 or any("{" in f or "}" in f for f in fixed):
                raise Unsupported(ast.unparse(node))
            joined = [{"literal": fixed[0]}]
            for value, text in zip(args, fixed[1:]):
                joined += [locator(value), {"literal": text}]
            return {"join": {"with": "", "pieces": joined}}
        # `'-'.join([x] * 2)`: x twice, joined.
        case ast.Call(func=ast.Attribute(value=ast.Constant(value=str(sep)), attr="join"),
                      args=[ast.BinOp(left=ast.List(elts=items), op=ast.Mult(), right=times)], keywords=[]):
            count = number(times)
            if not 0 <= count <= 100:
                raise Unsupported(ast.unparse(node))
            return {"join": {"with": sep, "pieces": [locator(item) for item in items] * count}}
        case ast.Call(func=ast.Attribute(value=ast.Constant(value=str(sep)), attr="join"), args=[value],
                      keywords=[]):
            root, steps = path(value)
            return {"read": {"from": root, "steps": steps + [{"join": sep}]}}
        case ast.Call(func=ast.Name(id="str"), args=[inner], keywords=[]):
            return number_text(inner)
    return read(node)


def number_text(node):
    """`str(...)` of a number the page gives."""
    match node:
        # `str(0b001 + 0b110 + 0b010)`: a sum the table writes out, added up here.
        case ast.BinOp(op=ast.Add()):
            return {"literal": str(sum(number(p) for p in addends(node)))}
        case ast.BinOp(left=ast.Call(func=ast.Name(id="int"), args=[left]), op=ast.Mult(),
                       right=ast.Call(func=ast.Name(id="int"), args=[right])):
            return {"product": [locator(left), locator(right)]}
        case ast.Call(func=ast.Name(id="int"), args=[ast.Compare(left=value, ops=[ast.Is()],
                                                                 comparators=[ast.Constant(value=None)])]):
            return extended(value, "is_none")
        case ast.Call(func=ast.Name(id="len"), args=[value], keywords=[]):
            return extended(value, "len")
        case ast.Call(func=ast.Attribute(value=value, attr="count"), args=[what], keywords=[]):
            return extended(value, {"count": literal_text(what)})
    raise Unsupported(ast.unparse(node))


def addends(node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return addends(node.left) + addends(node.right)
    return [node]


def extended(value, step):
    root, steps = path(value)
    return {"read": {"from": root, "steps": steps + [step]}}


def convert(text):
    return locator(ast.parse(text.strip(), mode="eval").body)


def reads_part_two(converted):
    return '"from": "b_' in json.dumps(converted)


def extra_text(extra):
    """`{"wire": "d", "steps": 10}` as `wire=d, steps=10`, in the table's order."""
    return ", ".join(f"{key}={value if isinstance(value, str) else json.dumps(value)}"
                     for key, value in extra.items())


def example(entry, default):
    """An example's locators, the defaults filled in; `by_default` (the table leaves the
    answer to the defaults), `part_two` (the locator reads part 2's lists) and `extra` only
    where they hold, to keep the lines short."""
    answers = []
    for key in ("answer_a", "answer_b"):
        answer = {"of": convert(entry.get(key, default[key]))}
        if key not in entry:
            answer["by_default"] = True
        if reads_part_two(answer["of"]):
            answer["part_two"] = True
        answers.append(answer)
    source = entry.get("input_data", default["input_data"])
    out = {"source": source, "input": convert(source), "answers": answers}
    if reads_part_two(out["input"]):
        out["part_two"] = True
    if entry.get("extra") is not None:
        out["extra"] = extra_text(entry["extra"])
    return out


def converted(table):
    default = table["default_locators"]
    out = {"default": example({}, default), "puzzles": {}, "unconverted": {}}
    for key, entries in table.items():
        if key == "default_locators":
            continue
        try:
            out["puzzles"][key] = [example(entry, default) for entry in entries]
        except (Unsupported, ValueError, SyntaxError) as error:
            out["unconverted"][key] = f"outside the converted forms: {error}"
    return out


def rendered(out):
    """One example a line, so that a change to the table shows as a readable diff."""
    line = lambda value: json.dumps(value, ensure_ascii=False)
    puzzles = ",\n".join(
        f"    {line(key)}: [" + ",".join(f"\n      {line(e)}" for e in entries) + ("\n    ]" if entries else "]")
        for key, entries in out["puzzles"].items())
    unconverted = ",\n".join(f"    {line(k)}: {line(v)}" for k, v in out["unconverted"].items())
    return (f'{{\n  "default": {line(out["default"])},\n  "puzzles": {{\n{puzzles}\n  }},\n'
            f'  "unconverted": {{\n{unconverted}\n  }}\n}}\n')


def main():
    with open(SOURCE, encoding="utf-8") as f:
        out = converted(json.load(f))
    text = rendered(out)
    for key, why in out["unconverted"].items():
        print(f"{key}: {why}", file=sys.stderr)
    if "--check" in sys.argv:
        with open(TARGET, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit(f"{TARGET} is not what {sys.argv[0]} writes: run it again")
        return
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
