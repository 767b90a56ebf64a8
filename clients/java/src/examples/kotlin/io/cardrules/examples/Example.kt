// The Kotlin usage shown in the README, compiled with the tests (and run by ConformanceTest) so it cannot rot.
package io.cardrules.examples

import io.cardrules.client.InvalidArgumentException
import io.cardrules.client.LiengClient
import io.cardrules.client.RulesChannels

/** Scores two Liêng hands, then shows the field violations of a malformed request; returns what it prints. */
fun scoreHands(target: String): List<String> {
    val channel = RulesChannels.connect(target) // retries UNAVAILABLE/CANCELLED; 2 s default deadline
    try {
        val lieng = LiengClient(channel)
        val scores = lieng.scoreLieng("AC AD AH", "2S 3H 4D").scoresList.map { "${it.label.en} ${it.points}" }
        val invalid = try {
            lieng.compareHands("AC AD", "2S 3H 4D") // a Liêng hand is 3 cards
            emptyList()
        } catch (error: InvalidArgumentException) {
            error.fieldViolations().map { it.field() }
        }
        return scores + "invalid: $invalid"
    } finally {
        channel.shutdownNow()
    }
}

fun main(args: Array<String>) {
    scoreHands(args.firstOrNull() ?: "localhost:50051").forEach(::println)
}
