#!/usr/bin/env python3
"""Writes QR symbols of links that do not fill their version, each with a given mask, made by
python-qrcode 8.2 (https://pypi.org/project/qrcode/), a second encoder whose padding follows
ISO/IEC 18004 7.4.10. Tests/CLITests/QRCodeTests forces the same mask and compares every module,
so the pad codewords of short links, and every one of the eight masks, are checked against another
encoder. Not used by the build or the tests; to regenerate:

    python3 -m venv /tmp/qrvenv && /tmp/qrvenv/bin/pip install qrcode==8.2
    /tmp/qrvenv/bin/python Tests/Fixtures/QR/generate_forced_mask.py

Each file: line 1 the data (ASCII), line 2 `version V mask M`, then one line per module row.
"""
import os
import qrcode

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ForcedMask")
links = [
    "shop://cart",
    "https://shop.example.ca/fr/panier",
    "https://shop.example.com.mx/pago-en-tienda/ABC1234567",
    "https://www.shop.example.ca/fr/compte/commandes/9001",
    "https://shop.example.ca/en/search?q=standing-desk&utm_source=mail&utm_medium=email&utm_campaign=spring",
    "https://shop.example.ca/en/cart?" + "&".join(f"utm_content=campaign{i:04d}" for i in range(6)),
    "https://shop.example.ca/en/cart?" + "&".join(f"utm_content=campaign{i:04d}" for i in range(14)),
    "https://shop.example.ca/en/cart?" + "&".join(f"utm_content=campaign{i:04d}" for i in range(60)),
]
for mask, data in enumerate(links):
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask)
    code.add_data(data.encode(), optimize=0)
    code.make(fit=True)
    rows = ["".join("1" if module else "0" for module in row) for row in code.get_matrix()]
    name = f"v{code.version:02d}-mask{mask}.txt"
    with open(os.path.join(here, name), "w") as file:
        file.write(data + "\n" + f"version {code.version} mask {mask}\n" + "\n".join(rows) + "\n")
    print(name, len(data), "bytes")
