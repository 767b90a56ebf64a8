package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.SamLocServiceGrpc;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The blocking, future and coroutine clients offer exactly the RPCs of their service, each named after it. */
class ClientNamesTest {
  private static Set<String> rpcs(ServiceDescriptor service) {
    Set<String> names = new TreeSet<>();
    for (MethodDescriptor<?, ?> method : service.getMethods()) {
      if (method.getType() != MethodDescriptor.MethodType.UNARY) {
        continue; // Stream: stream mode (RulesChannelBuilder.streams) carries the unary calls on it
      }
      String rpc = method.getBareMethodName();
      names.add(Character.toLowerCase(rpc.charAt(0)) + rpc.substring(1));
    }
    return names;
  }

  /** Public methods taking a generated request message (plus a Continuation for a suspend function). */
  private static Set<String> calls(Class<?> client) {
    Set<String> names = new TreeSet<>();
    for (Method method : client.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers())
          && method.getParameterCount() > 0
          && method.getParameterTypes()[0].getName().startsWith("io.cardrules.v1.")) {
        names.add(method.getName());
      }
    }
    return names;
  }

  @Test
  void everyClientHasEveryRpc() {
    Set<String> lieng = rpcs(LiengServiceGrpc.getServiceDescriptor());
    Set<String> sam = rpcs(SamLocServiceGrpc.getServiceDescriptor());
    assertEquals(6, lieng.size());
    assertEquals(4, sam.size());
    assertEquals(lieng, calls(LiengClient.class));
    assertEquals(lieng, calls(LiengFutureClient.class));
    assertEquals(lieng, calls(LiengCoroutineClient.class));
    assertEquals(sam, calls(SamLocClient.class));
    assertEquals(sam, calls(SamLocFutureClient.class));
    assertEquals(sam, calls(SamLocCoroutineClient.class));
  }
}
