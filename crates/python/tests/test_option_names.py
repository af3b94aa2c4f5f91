"""Option values are named by the crate that owns each option (its `from_name`): the names
and their aliases are accepted, anything else is a ValueError that lists the names."""

import harvest_html
import pytest

PAGE = "<p class=h-card itemscope itemtype=https://schema.org/Person><span itemprop=name class=p-name>Ada</span></p>"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda value: harvest_html.rdfa(PAGE, format=value), 'format must be "jsonld", "ttl" or "nt"'),
        (lambda value: harvest_html.rdfa(PAGE, graph=value), 'graph must be "output", "processor" or "both"'),
        (lambda value: harvest_html.rdf(PAGE, format=value), 'format must be "nt" or "ttl"'),
        (lambda value: harvest_html.rdf(PAGE, algorithm=value), 'algorithm must be "w3c" or "html5"'),
        (lambda value: harvest_html.atom(PAGE, source=value), 'source must be "auto", "document" or "mf2"'),
        (lambda value: harvest_html.vcard(PAGE, source=value), 'source must be "auto", "microdata" or "mf2"'),
        (lambda value: harvest_html.extract(PAGE, links=value), 'links must be "compact" or "full"'),
    ],
)
def test_an_unknown_name_lists_the_names(call, message):
    with pytest.raises(ValueError) as raised:
        call("bogus")
    assert str(raised.value) == f'{message}, not "bogus"'


def test_names_and_aliases_are_accepted():
    assert harvest_html.rdfa(PAGE, format="turtle") == harvest_html.rdfa(PAGE, format="ttl")
    assert harvest_html.rdfa(PAGE, format="json-ld") == harvest_html.rdfa(PAGE, format="jsonld")
    assert harvest_html.rdf(PAGE, format="ntriples") == harvest_html.rdf(PAGE, format="nt")
    assert "FN:Ada" in harvest_html.vcard(PAGE, source="mf2")
