package api

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A hosted game lives in the page, not in the worker, so it survives a
// reload and a worker restart. Its state holds the secret, so the page gets
// it sealed: encrypted and authenticated with a key built into the engine.
// That keeps the secret out of sight (page state, localStorage, devtools)
// and stops tampering with the history; it cannot stop someone who digs the
// key out of the wasm binary. What makes the fair host provably honest is
// the commitment published at the start and checked at the reveal.
var sealKey = sha256.Sum256([]byte("kibitz sealed host state, version 1"))

// A sealed state says which game it belongs to, so a state passed to
// another game's method is named for what it is rather than read as
// nonsense: both games' states are sealed with the same key, and JSON
// would happily fill one's fields from the other's. The name is a field
// "game" added to the state's JSON object. States sealed before it existed
// have none; their game is told by the fields only it has.
type stateGame struct {
	name  string       // the "game" field
	field string       // a field only this game's state has, for the untagged
	title string       // what the state is, in a sentence
	use   string       // the methods that take it
	of    reflect.Type // the Go type sealed
}

// stateGames are the games with a sealed state, each registered by its
// game's file.
var stateGames []stateGame

func registerState(g stateGame) { stateGames = append(stateGames, g) }

// stateGameOf is the game of a value sealed or unsealed.
func stateGameOf(v any) stateGame {
	t := reflect.TypeOf(v)
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for _, g := range stateGames {
		if g.of == t {
			return g
		}
	}
	panic(fmt.Sprintf("api: %T is not a game state", v))
}

func seal(v any) (string, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	if len(plain) < 2 || plain[0] != '{' {
		return "", fmt.Errorf("api: a state must be a JSON object, not %.20s", plain)
	}
	// The game's name goes first: {"game":"mines", ...the state's fields}.
	tagged := []byte(`{"game":` + strconv.Quote(stateGameOf(v).name))
	if len(plain) > 2 {
		tagged = append(tagged, ',')
	}
	plain = append(tagged, plain[1:]...)
	aead := sealAEAD()
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, nil)), nil
}

// unseal opens a state into a game's state value. A missing state, a
// damaged one and one from another game are each bad-state errors that say
// which.
func unseal(state string, into any) error {
	want := stateGameOf(into)
	if strings.TrimSpace(state) == "" {
		return badInput("state", "bad-state", fmt.Sprintf("state is missing: give the state %s returned", want.use))
	}
	plain, game, err := openState(state)
	if err != nil {
		return err
	}
	if game != want {
		return badInput("state", "bad-state", fmt.Sprintf("this state is %s, for %s, not %s", game.title, game.use, want.title))
	}
	if json.Unmarshal(plain, into) != nil {
		return damagedState()
	}
	return nil
}

// openState decrypts a sealed state and tells its game.
func openState(state string) ([]byte, stateGame, error) {
	raw, err := base64.RawURLEncoding.DecodeString(state)
	aead := sealAEAD()
	if err != nil || len(raw) < aead.NonceSize() {
		return nil, stateGame{}, damagedState()
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return nil, stateGame{}, damagedState()
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(plain, &fields) != nil {
		return nil, stateGame{}, damagedState()
	}
	var name string
	_ = json.Unmarshal(fields["game"], &name)
	for _, g := range stateGames {
		if name == g.name || name == "" && fields[g.field] != nil {
			return plain, g, nil
		}
	}
	return nil, stateGame{}, damagedState()
}

// stateGiven reports a game's sealed state given where a method wants
// something else (a chain position, say), or nil if text is no state.
func stateGiven(field, text, wanted string) *Error {
	if _, game, err := openState(strings.TrimSpace(text)); err == nil {
		return badInput(field, "bad-state", fmt.Sprintf("this is the state of %s, for %s, not %s", game.title, game.use, wanted))
	}
	return nil
}

// strayState reports a game's state given to a method that takes none (a
// chain method, say), or nil if params hold no such state.
func strayState(params []byte) *Error {
	var in struct {
		State string `json:"state"`
	}
	if json.Unmarshal(params, &in) != nil || in.State == "" {
		return nil
	}
	if _, game, err := openState(in.State); err == nil {
		return badInput("state", "bad-state", fmt.Sprintf("this method takes no game state, and this state is %s, for %s", game.title, game.use))
	}
	return nil
}

func damagedState() *Error {
	return badInput("state", "bad-state", "the game state is damaged or from another version; start a new game")
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
