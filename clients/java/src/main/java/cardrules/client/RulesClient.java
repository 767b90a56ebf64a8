package cardrules.client;

import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.util.concurrent.TimeUnit;

/** What both service clients share: the channel, the per-call deadline, and failures as typed exceptions. */
abstract class RulesClient {
  private final Channel channel;
  private final long deadlineMillis;

  RulesClient(Channel channel, long deadlineMillis) {
    if (deadlineMillis <= 0) {
      throw new IllegalArgumentException("a deadline must be > 0 ms, not " + deadlineMillis);
    }
    this.channel = channel;
    this.deadlineMillis = deadlineMillis;
  }

  final <Req extends Message, Resp extends Message> Resp call(MethodDescriptor<Req, Resp> method, Req request) {
    CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS);
    try {
      return ClientCalls.blockingUnaryCall(channel, method, options, request);
    } catch (StatusRuntimeException error) {
      throw RulesException.from(error);
    }
  }
}
