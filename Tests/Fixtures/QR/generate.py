#!/usr/bin/env python3
"""Writes the QR reference symbols the package's encoder is compared with (Tests/CLITests/QRCodeTests).

Made once with segno 1.6.6 (https://pypi.org/project/segno/), another encoder, so the fixtures are
not the package's own output. Not used by the build or the tests; to regenerate:

    python3 -m venv /tmp/qrvenv && /tmp/qrvenv/bin/pip install segno==1.6.6
    /tmp/qrvenv/bin/python Tests/Fixtures/QR/generate.py

Each file: line 1 the data (ASCII), line 2 `version V mask M`, then one line per module row
(`1` dark, `0` light), without the quiet zone. Byte mode, level M, no error level boost.
"""
import os
import segno

here = os.path.dirname(os.path.abspath(__file__))


def filled(base, length):
    """`base` followed by campaign query items, cut to exactly `length` bytes."""
    text = base + "".join(f"&utm_content=campaign{i:04d}" for i in range(400))
    return text[:length]


# Each link fills its version exactly: segno 1.6.6 adds a zero byte after the
# terminator even when the bit stream already ends on a codeword boundary (its write_padding_bits),
# where ISO/IEC 18004 7.4.10 pads only to reach the boundary; a full symbol has no room for it, so
# these symbols are the standard's. The package's own tests check the padding of shorter links.
links = {
    "v01-full": filled("shop://cart?x=1", 14),
    "v03-full": filled("https://shop.example.ca/fr/panier?x=1", 42),
    "v05-full": filled("https://shop.example.ca/fr/recherche?q=bureau", 84),
    "v07-version-information": filled("https://shop.example.com.mx/producto/escritorio/123?x=1", 122),
    "v10-sixteen-bit-count": filled("https://shop.example.ca/en/search?q=desk", 213),
    "v27-full": filled("https://shop.example.ca/en/cart?x=1", 1125),
    "v40-limit": filled("https://shop.example.ca/en/cart?x=1", 2331),
}
for name, data in links.items():
    code = segno.make_qr(data, error="m", boost_error=False, mode="byte")
    assert code.error == "M", name
    assert name.startswith(f"v{code.version:02d}-"), (name, code.version, len(data))
    rows = ["".join("1" if module else "0" for module in row) for row in code.matrix]
    with open(os.path.join(here, name + ".txt"), "w") as file:
        file.write(data + "\n" + f"version {code.version} mask {code.mask}\n" + "\n".join(rows) + "\n")
    print(name, len(data), "bytes, version", code.version, "mask", code.mask)
