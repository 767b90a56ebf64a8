"""A stand-in for the game backend's token issuer: an RSA key pair, its public JWKS (what Envoy's jwt_authn
verifies against) and short-lived player JWTs signed with it, exactly as deploy/README.md tells a backend to issue.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

ISSUER = "https://game-backend.test"  # deploy/envoy/values/local.yaml
AUDIENCE = "cardrules"


def _new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class PlayerTokens:
    key: rsa.RSAPrivateKey = field(default_factory=_new_key)
    kid: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    issuer: str = ISSUER
    audience: str = AUDIENCE

    def jwks(self) -> dict[str, Any]:
        public: dict[str, Any] = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        return {"keys": [{**public, "kid": self.kid, "alg": "RS256", "use": "sig"}]}

    def write_jwks(self, path: Path) -> Path:
        path.write_text(json.dumps(self.jwks()))
        return path

    def mint(self, subject: str, lifetime: float = 600, issued_ago: float = 0, **claims: Any) -> str:
        """A signed player token: ``sub`` the player, valid for ``lifetime`` seconds from ``issued_ago`` ago.
        ``claims`` add or replace claims; a claim given as None is left out."""
        now = int(time.time() - issued_ago)
        payload = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": subject,
            "iat": now,
            "exp": now + int(lifetime),
            **claims,
        }
        present = {name: value for name, value in payload.items() if value is not None}
        return jwt.encode(present, self.key, algorithm="RS256", headers={"kid": self.kid})
