// The README's Kotlin example: the rest of this file, verbatim. Compiled with the tests, run by ConformanceTest.
package io.cardrules.examples

import io.cardrules.client.CardText
import io.cardrules.client.InvalidArgumentException
import io.cardrules.client.LiengClient
import io.cardrules.client.RulesChannels
import io.cardrules.client.SamActions
import io.cardrules.client.SamLocClient
import io.cardrules.v1.SamLocServiceLegalMovesRequest
import io.cardrules.v1.SamLocServiceValidatePlayRequest
import io.cardrules.v1.SamSeat
import io.cardrules.v1.SamTableState

/** Scores two Liêng hands, shows how a malformed request is reported, and plays a legal Sâm move. */
fun scoreHands(target: String): List<String> {
    val channel = RulesChannels.connect(target) // retries UNAVAILABLE/CANCELLED
    try {
        // 10 s per call (the default is 2 s): a new JVM's first calls also load classes and set up the connection.
        val lieng = LiengClient(channel, 10_000)
        val scores = lieng.scoreLieng("AC AD AH", "2S 3H 4D").scoresList.map { "${it.label.en} ${it.points}" }
        val invalid = try {
            lieng.compareHands("AC AD", "2S 3H 4D") // a Liêng hand is 3 cards
            emptyList()
        } catch (error: InvalidArgumentException) {
            error.fieldViolations().map { it.field() }
        }

        // Sâm: list the legal moves of the seat to act, then play the first one.
        val state = SamTableState.newBuilder()
            .setTurn(0)
            .addSeats(SamSeat.newBuilder().setHand(CardText.cardsMessage("3S 3H 4D 5C 5H 9S 2D")))
            .addSeats(SamSeat.newBuilder().setCardCount(10))
            .build()
        val sam = SamLocClient(channel, 10_000)
        val moves = sam.legalMoves(SamLocServiceLegalMovesRequest.newBuilder().setState(state).build())
        val action = SamActions.fromMove(moves.seat, moves.getMoves(0))
        val request = SamLocServiceValidatePlayRequest.newBuilder().setState(state).setAction(action).build()
        val legal = sam.validatePlay(request).legal
        return scores + "invalid: $invalid" + "${moves.movesCount} moves; first is legal: $legal"
    } finally {
        channel.shutdownNow()
    }
}

fun main(args: Array<String>) {
    scoreHands(args.firstOrNull() ?: "localhost:50051").forEach(::println)
}
