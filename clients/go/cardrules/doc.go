// Package cardrules is a thin client for the cardrules rules service (Sâm Lốc and Liêng).
//
// The messages and gRPC stubs are generated into package cardrulesv1 (../gen/cardrules/v1); this package adds
// what every caller would otherwise write by hand: card text ("TD", "10d") to and from messages, errors that
// expose the google.rpc.BadRequest field violations, a default deadline per call, a service config that
// retries UNAVAILABLE and CANCELLED and can balance over every address with round_robin, and the credentials
// of a server with authentication on (WithToken, WithTLS), and a stream mode for busy backends (WithStreams)
// that sends the same calls over a few long-lived Streams. Unary and streaming calls both fail with *Error.
//
//	client, err := cardrules.NewClient("localhost:50051")
//	...
//	resp, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{
//		Hands: cardrules.MustHands("AC AD AH", "2S 3H 4D"),
//	})
package cardrules
