// The README's coroutine example: the rest of this file, verbatim. Compiled with the tests, run by InProcessTest.
package io.cardrules.examples

import io.cardrules.client.InvalidArgumentException
import io.cardrules.client.LiengCoroutineClient
import io.grpc.Channel
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.async
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.runBlocking

/** Scores two tables at once without blocking a thread, then shows how a malformed request is reported. */
suspend fun scoreTables(channel: Channel): List<String> = coroutineScope {
    val lieng = LiengCoroutineClient(channel) // 2 s per call; cancelling the coroutine cancels the call
    val first = async { lieng.scoreLieng("AC AD AH", "2S 3H 4D") }
    val second = async { lieng.withDeadlineAfter(5, TimeUnit.SECONDS).scoreLieng("KS QS JS") }
    val invalid = try {
        lieng.scoreLieng() // no hands at all
        "accepted"
    } catch (error: InvalidArgumentException) {
        "${error.reason()} ${error.fieldViolations().map { it.field() }}" // WRONG_HAND_COUNT [hands]
    }
    listOf("${first.await().scoresCount} + ${second.await().scoresCount} scores", invalid)
}

/** From blocking code (a main, a test). */
fun scoreTablesBlocking(channel: Channel): List<String> = runBlocking { scoreTables(channel) }
