package cardrules

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"

	"google.golang.org/grpc/credentials"
)

// A server with authentication on wants "authorization: Bearer <token>" on every call, a client certificate
// signed by its client CA (mutual TLS), or both. WithToken sends the token; WithTLS sets up TLS and the client
// certificate.

// TLS names the PEM files of a TLS connection to the rules service.
type TLS struct {
	// CAFile is the certificate authority that signed the server's certificate; "" trusts the system's roots.
	CAFile string
	// CertFile and KeyFile are this client's certificate and private key, for a server that requires mutual
	// TLS; give both or neither.
	CertFile string
	KeyFile  string
	// ServerName overrides the name checked against the server's certificate; "" takes it from the target.
	ServerName string
}

// WithTLS connects over TLS (the default is plaintext). The files are read when NewClient or DialOptions runs, and
// an unreadable or invalid file is an error there. It replaces WithTransportCredentials, and the reverse.
func WithTLS(t TLS) Option {
	return func(s *settings) { s.transport = t.credentials }
}

// WithToken sends "authorization: Bearer <token>" on every call. The token only travels over TLS (WithTLS or
// WithTransportCredentials): NewClient refuses it on a plaintext connection, where anyone on the path could read it.
func WithToken(token string) Option {
	return func(s *settings) { s.token = &bearerToken{token: token, requireTLS: true} }
}

// WithInsecureToken sends the token like WithToken but also over a plaintext connection. Only for trusted
// networks: a sidecar proxy on the same host, or a server on loopback during development.
func WithInsecureToken(token string) Option {
	return func(s *settings) { s.token = &bearerToken{token: token, requireTLS: false} }
}

// bearerToken is the per-call credential that carries the token.
type bearerToken struct {
	token      string
	requireTLS bool
}

func (b *bearerToken) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

// RequireTransportSecurity makes grpc refuse the token on a connection without TLS, unless the caller chose
// WithInsecureToken.
func (b *bearerToken) RequireTransportSecurity() bool { return b.requireTLS }

// checkToken rejects a token that cannot be one header word, so a typo (a trailing newline read from a file)
// fails in NewClient instead of as a refusal from the server. Printable ASCII without spaces covers RFC 6750's
// token68 and any URL-safe random token.
func checkToken(token string) error {
	if token == "" {
		return errors.New("cardrules: the token is empty")
	}
	for i := 0; i < len(token); i++ {
		if token[i] < 0x21 || token[i] > 0x7e {
			return fmt.Errorf("cardrules: the token has a character that is not printable ASCII at byte %d "+
				"(spaces and line ends included)", i)
		}
	}
	return nil
}

// credentials reads the files and builds grpc's TLS credentials.
func (t TLS) credentials() (credentials.TransportCredentials, error) {
	config := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: t.ServerName}
	if t.CAFile != "" {
		pem, err := os.ReadFile(t.CAFile)
		if err != nil {
			return nil, fmt.Errorf("cardrules: reading the CA file: %w", err)
		}
		config.RootCAs = x509.NewCertPool()
		if !config.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("cardrules: the CA file %s holds no PEM certificate", t.CAFile)
		}
	}
	if (t.CertFile == "") != (t.KeyFile == "") {
		return nil, errors.New("cardrules: a client certificate needs both CertFile and KeyFile")
	}
	if t.CertFile != "" {
		pair, err := tls.LoadX509KeyPair(t.CertFile, t.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("cardrules: loading the client certificate: %w", err)
		}
		config.Certificates = []tls.Certificate{pair}
	}
	return credentials.NewTLS(config), nil
}
