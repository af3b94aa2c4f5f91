"""The independent extraction the corpus test compares harvest-jsonld with: rdflib's JSON-LD
parser over each block, schema.org's addresses replaced by the bundled context inline (so that
nothing is fetched).

stdin: {"context": PATH, "blocks": [{"text": ..., "base": ...}]}
stdout: a JSON list, one item per block: {"nquads": TEXT} or {"error": MESSAGE}.
"""

import json
import sys

import rdflib

SCHEMA_ORG = {
    prefix + "schema.org" + suffix
    for prefix in ("http://", "https://")
    for suffix in ("", "/", "/docs/jsonldcontext.json", "/docs/jsonldcontext.jsonld")
}


def inline(value, context):
    """The value with every @context naming schema.org replaced by the context itself."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "@context" in item:
                local = item["@context"]
                if isinstance(local, str) and local in SCHEMA_ORG:
                    item["@context"] = context
                elif isinstance(local, list):
                    item["@context"] = [context if isinstance(c, str) and c in SCHEMA_ORG else c for c in local]
            stack.extend(v for k, v in item.items() if k != "@context")
        elif isinstance(item, list):
            stack.extend(item)
    return value


def main():
    request = json.load(sys.stdin)
    with open(request["context"], encoding="utf-8") as file:
        context = json.load(file)["@context"]
    out = []
    for block in request["blocks"]:
        try:
            data = inline(json.loads(block["text"]), context)
            dataset = rdflib.Dataset()
            dataset.parse(data=json.dumps(data), format="json-ld", base=block["base"])
            out.append({"nquads": dataset.serialize(format="nquads")})
        except Exception as error:  # the oracle reports, the Rust test decides
            out.append({"error": repr(error)})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
