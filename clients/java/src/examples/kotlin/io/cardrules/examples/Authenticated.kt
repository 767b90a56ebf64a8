// The Kotlin authentication example of the README, compiled with the tests so it cannot rot.
package io.cardrules.examples

import io.cardrules.client.LiengClient
import io.cardrules.client.RulesChannels
import io.cardrules.client.UnauthenticatedException
import java.io.File

/** Scores one hand on a server with mutual TLS and bearer tokens on; returns what it would print. */
fun scoreWithCredentials(target: String, token: String): String {
    val channel = RulesChannels.builder(target)
        .caCertificates(File("ca.pem")) // the CA that signed the server's certificate
        .clientCertificate(File("game-api.pem"), File("game-api.pk8")) // mutual TLS, PKCS#8 key
        .token(token) // sent as "authorization: Bearer <token>"
        .build()
    try {
        return LiengClient(channel).scoreLieng("AC AD AH").getScores(0).label.en
    } catch (refused: UnauthenticatedException) {
        return "refused: ${refused.message}" // never retried
    } finally {
        channel.shutdownNow()
    }
}
