"""Checks that a roof plot is an SVG document and prints what it says.

usage: check_svg.py FILE.svg
Fails unless FILE.svg parses as XML (xml.etree) with an <svg> root and, when
rsvg-convert (librsvg2-bin) is installed, converts to a PNG. Prints the size,
"rendered" (or why it was not tried), then every <text> element's text, one
per line, for FileCheck.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"

path = sys.argv[1]
root = ElementTree.parse(path).getroot()
if root.tag != SVG + "svg":
    sys.exit(f"check_svg.py: root element is {root.tag}, not svg")
print("svg", root.get("width"), "x", root.get("height"))

converter = shutil.which("rsvg-convert")
if converter:
    with tempfile.TemporaryDirectory() as directory:
        png = os.path.join(directory, "plot.png")
        result = subprocess.run([converter, path, "-o", png],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("check_svg.py: rsvg-convert failed: " + result.stderr)
        with open(png, "rb") as file:
            if file.read(8) != b"\x89PNG\r\n\x1a\n":
                sys.exit("check_svg.py: rsvg-convert wrote no PNG")
    print("rendered")
else:
    print("rendered: not tried, rsvg-convert is not installed")

for text in root.iter(SVG + "text"):
    print("text:", "".join(text.itertext()))
