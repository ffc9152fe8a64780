package api

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
)

// A hosted game lives in the page, not in the worker, so it survives a
// reload and a worker restart. Its state holds the secret, so the page gets
// it sealed: encrypted and authenticated with a key built into the engine.
// That keeps the secret out of sight (page state, localStorage, devtools)
// and stops tampering with the history; it cannot stop someone who digs the
// key out of the wasm binary. What makes the fair host provably honest is
// the commitment published at the start and checked at the reveal.
var sealKey = sha256.Sum256([]byte("kibitz sealed host state, version 1"))

func seal(v any) (string, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	aead := sealAEAD()
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, nil)), nil
}

func unseal(state string, into any) error {
	bad := badInput("state", "bad-state", "the game state is damaged or from another version; start a new game")
	raw, err := base64.RawURLEncoding.DecodeString(state)
	aead := sealAEAD()
	if err != nil || len(raw) < aead.NonceSize() {
		return bad
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return bad
	}
	if json.Unmarshal(plain, into) != nil {
		return bad
	}
	return nil
}

func sealAEAD() cipher.AEAD {
	block, err := aes.NewCipher(sealKey[:])
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}
