"""Schemathesis hooks (loaded through SCHEMATHESIS_HOOKS=fuzz.hooks by fuzz/schemathesis.sh).

The upload fields of openapi.yaml accept image/jpeg, png, webp, gif and avif. Schemathesis has no
generator for those media types, so it gets one here: mostly real tiny images of each type (so
uploads reach the image pipeline and get saved, updated and deleted), sometimes arbitrary bytes
(which the server must refuse with 415, never a 5xx).
"""
from pathlib import Path

import schemathesis
from hypothesis import strategies as st

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
