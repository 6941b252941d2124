"""Schemathesis hooks (loaded through SCHEMATHESIS_HOOKS=fuzz.hooks by fuzz/schemathesis.sh).

The upload fields of openapi.yaml accept image/jpeg, png, webp, gif and avif. Schemathesis has no
generator for those media types, so it gets one here: mostly real tiny images of each type (so
uploads reach the image pipeline and get saved, updated and deleted), sometimes arbitrary bytes
(which the server must refuse with 415, never a 5xx).
"""
import json
import os
import zlib
from pathlib import Path

import schemathesis
from hypothesis import strategies as st
from schemathesis.generation import GenerationMode
from schemathesis.generation.meta import TestPhase

_images = Path(__file__).parent / "images"
_samples = {
    "image/jpeg": (_images / "sample.jpg").read_bytes(),
    "image/png": (_images / "sample.png").read_bytes(),
    "image/webp": (_images / "sample.webp").read_bytes(),
    "image/gif": (_images / "sample.gif").read_bytes(),
    "image/avif": (_images / "sample.avif").read_bytes(),
}

for _media_type, _sample in _samples.items():
    schemathesis.openapi.media_type(
        _media_type,
        st.one_of(
            st.just(_sample),
            st.sampled_from(list(_samples.values())),
            st.binary(max_size=256),
        ),
    )


# Documents (transparency, Form 10BE) are PDFs, or a ZIP of them: a tiny PDF or ZIP header, or
# arbitrary bytes (which the server must refuse with 400 or 415, never a 5xx).
_tiny_pdf = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
for _media_type, _head in (("application/pdf", _tiny_pdf), ("application/zip", b"PK\x05\x06" + bytes(18))):
    schemathesis.openapi.media_type(_media_type, st.one_of(st.just(_head), st.binary(max_size=256)))


# Schemathesis' dictionary bindings (fuzz/prepare.mjs writes them for query and JSON ids) do not
# reach multipart bodies, so the two multipart updates get a seeded id here, for 7 cases in 10
# (chosen from the body itself, so a run replays with its seed). Not in the stateful phase: there
# the links of openapi.yaml pass on the id of the item the previous step saved.
_kept_ids_file = os.environ.get("FUZZ_KEPT_IDS")
_kept_ids = json.loads(Path(_kept_ids_file).read_text()) if _kept_ids_file else {}
_multipart_updates = {"/api/update_blog.php": "blogs", "/api/update_gallery_image.php": "gallery"}


def _phase(case):
    return case._meta.phase.name if case._meta is not None else None


def _bind_seeded_id(case, fingerprint):
    ids = _kept_ids.get(_multipart_updates.get(case.operation.path, ""), [])
    if ids and _phase(case) != TestPhase.STATEFUL and fingerprint % 10 < 7:
        case.body["id"] = ids[fingerprint % len(ids)]


# The gallery needs `image` or `images[]` (an anyOf in the schema); schemathesis's generated
# multipart files rarely pass as images, so every valid-looking case gets a real one here (in the
# fuzzing and stateful phases), and gallery items get made for the stateful phase to follow.
def _attach_gallery_image(case, fingerprint):
    if (
        case.operation.path == "/api/add_gallery_image.php"
        and case._meta is not None
        and case._meta.generation.mode == GenerationMode.POSITIVE
        and not any(component.mode.is_negative for component in case._meta.components.values())
        # Only generated cases: the examples and coverage phases send cases about one rule each,
        # some of which they count as breaking the schema, and a file would make them valid
        # (negative_data_rejection expects them refused).
        and _phase(case) in (TestPhase.FUZZING, TestPhase.STATEFUL)
        and not {"image", "images[]"} & case.body.keys()
    ):
        case.body["image"] = list(_samples.values())[fingerprint % len(_samples)]


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    if not isinstance(case.body, dict):
        return
    fingerprint = zlib.crc32(repr(sorted(case.body.items(), key=lambda item: str(item[0]))).encode())
    _bind_seeded_id(case, fingerprint)
    _attach_gallery_image(case, fingerprint)
