"""extruct's ``uniform=True`` shapes, from harvest's output.

extruct reshapes microdata and microformats into JSON-LD-like objects (``@context``, ``@type``
and the properties as keys), Open Graph into one object per namespace set, and Dublin Core into
an object whose ``@context`` is its namespaces. These functions give the same shapes from
harvest's results; each walks nested items with an explicit stack, so items nested hundreds
deep convert without hitting Python's recursion limit.
"""

from urllib.parse import urljoin, urlparse

MICROFORMATS_CONTEXT = "http://microformats.org/wiki/"


def infer_context(item_type, context):
    """An absolute item type split into its context and its name, as extruct does
    (``http://schema.org/Product`` is ``("http://schema.org", "Product")``)."""
    parsed = urlparse(item_type)
    if parsed.netloc:
        base = f"{parsed.scheme}://{parsed.netloc}"
        if parsed.path and parsed.fragment:
            return urljoin(base, parsed.path), parsed.fragment.strip("/")
        if parsed.path:
            return base, parsed.path.strip("/")
    return context, item_type


def microdata(items, schema_context):
    """harvest's microdata items (the HTML standard's JSON) in extruct's uniform shape: for a
    typed item, ``@type`` (the name, or the list of types), ``@context`` at the top level,
    ``id``, and each property as a key whose value is single unless the property repeats. An
    item without a type keeps extruct's plain shape (``type``, ``properties``)."""
    result = []
    stack = []
    for item in items:
        out = {}
        result.append(out)
        stack.append((item, out, True, True))
    while stack:
        item, out, uniform, top = stack.pop()
        types = item.get("type") or []
        uniform = uniform and bool(types)
        if uniform:
            if "id" in item:
                out["id"] = item["id"]
            if len(types) == 1:
                context, out["@type"] = infer_context(types[0], schema_context)
            else:
                context, out["@type"] = schema_context, list(types)
            if top:
                out["@context"] = context
            target = out
        else:
            if types:
                out["type"] = types[0] if len(types) == 1 else list(types)
                if "id" in item:
                    out["id"] = item["id"]
            properties = item.get("properties") or {}
            target = out["properties"] = {} if properties else out
        for name, values in (item.get("properties") or {}).items():
            converted = []
            for value in values:
                if isinstance(value, dict):
                    child = {}
                    stack.append((value, child, uniform, False))
                    converted.append(child)
                else:
                    converted.append(value)
            target[name] = converted[0] if len(converted) == 1 else converted
    return result


def microformats(items):
    """mf2 items in extruct's uniform shape: ``@type`` (the list of types), ``@context``
    (``http://microformats.org/wiki/``) at the top level, each property as a key (its list of
    values, nested items reshaped too), ``children`` reshaped, other members kept."""
    result = []
    stack = []
    for item in items:
        out = {}
        result.append(out)
        stack.append((item, out, True))
    while stack:
        item, out, top = stack.pop()
        if not item.get("type"):
            out.update(item)
            continue
        for key, value in item.items():
            if key not in ("type", "properties", "children"):
                out[key] = value
        out["@type"] = item["type"]
        if top:
            out["@context"] = MICROFORMATS_CONTEXT

        def reshaped(values):
            converted = []
            for value in values:
                if isinstance(value, dict) and value.get("type"):
                    child = {}
                    stack.append((value, child, False))
                    converted.append(child)
                else:
                    converted.append(value)
            return converted

        for name, values in (item.get("properties") or {}).items():
            out[name] = reshaped(values)
        if item.get("children"):
            out["children"] = reshaped(item["children"])
    return result


def opengraph(objects, with_og_array=False):
    """Open Graph objects in extruct's uniform shape: one dict per object, each property once
    (its first non-empty value; with ``with_og_array``, every non-empty value as a list when it
    repeats), ``og:type`` as ``@type``, the namespaces as ``@context``."""
    result = []
    for obj in objects:
        flattened = {}
        for key, value in obj["properties"]:
            if key not in flattened:
                flattened[key] = value
            elif value and value.strip():
                current = flattened[key]
                if not with_og_array:
                    if not current or not current.strip():
                        flattened[key] = value
                elif isinstance(current, list):
                    current.append(value)
                elif current and current.strip():
                    flattened[key] = [current, value]
                else:
                    flattened[key] = value
        kind = flattened.pop("og:type", None)
        if kind:
            flattened["@type"] = kind
        flattened["@context"] = obj["namespace"]
        result.append(flattened)
    return result


def dublincore(objects):
    """Dublin Core objects in extruct's uniform shape: the namespaces as ``@context``, and the
    first ``type`` element's content as ``@type`` (that element removed). A page without Dublin
    Core gives one empty object, as extruct's does."""
    result = []
    for obj in objects or [{"namespaces": {}, "elements": [], "terms": []}]:
        out = {key: value for key, value in obj.items() if key != "namespaces"}
        out["@context"] = obj.get("namespaces")
        elements = [dict(element) for element in obj.get("elements", [])]
        for index, element in enumerate(elements):
            if any(isinstance(value, str) and value.rsplit(".", 1)[-1].lower() == "type" for value in element.values()):
                out["@type"] = element.get("content")
                del elements[index]
                break
        out["elements"] = elements
        out["terms"] = [dict(term) for term in obj.get("terms", [])]
        result.append(out)
    return result


def uniform(record, schema_context, with_og_array):
    """A record of :func:`harvest_html.extract` with extruct's uniform shapes."""
    if "microdata" in record:
        record["microdata"] = microdata(record["microdata"]["items"], schema_context)
    if "microformat" in record:
        record["microformat"] = microformats(record["microformat"])
    if "opengraph" in record:
        record["opengraph"] = opengraph(record["opengraph"], with_og_array)
    if "dublincore" in record:
        record["dublincore"] = dublincore(record["dublincore"])
    return record
