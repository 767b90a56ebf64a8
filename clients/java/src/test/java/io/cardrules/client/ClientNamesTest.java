package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import io.grpc.ServiceDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every unary RPC of every service in the contract's descriptor set (the one protos/generate.sh writes for the
 * server's reflection, read here rather than from the SDK) is a method of the blocking, future and coroutine
 * clients under its naming-table name, taking its request and answering its response; nothing else is. A service or
 * RPC the generated clients missed fails here: {@code bash protos/generate.sh} regenerates them.
 */
class ClientNamesTest {
  private static final Path CONTRACT = Paths.get("../../service/cardrules/server/descriptors/contract.binpb");

  /** Service full name to its unary RPCs (name to request and response simple names), from the descriptor set. */
  private static Map<String, Map<String, String[]>> contract() throws IOException {
    FileDescriptorSet set;
    try (InputStream in = Files.newInputStream(CONTRACT)) {
      set = FileDescriptorSet.parseFrom(in);
    }
    Map<String, Map<String, String[]>> services = new TreeMap<>();
    for (FileDescriptorProto file : set.getFileList()) {
      if (!file.getPackage().equals("cardrules.v1")) {
        continue;
      }
      for (ServiceDescriptorProto service : file.getServiceList()) {
        Map<String, String[]> rpcs = new TreeMap<>();
        for (MethodDescriptorProto method : service.getMethodList()) {
          if (method.getClientStreaming() || method.getServerStreaming()) {
            continue; // Stream: stream mode (RulesChannelBuilder.streams) carries the unary calls on it
          }
          rpcs.put(method.getName(), new String[] {simple(method.getInputType()), simple(method.getOutputType())});
        }
        services.put("cardrules.v1." + service.getName(), rpcs);
      }
    }
    return services;
  }

  private static String simple(String typeName) {
    return typeName.substring(typeName.lastIndexOf('.') + 1); // ".cardrules.v1.ScoreLiengRequest"
  }

  private static String camel(String rpc) {
    return Character.toLowerCase(rpc.charAt(0)) + rpc.substring(1); // ScoreLieng -> scoreLieng (naming table)
  }

  /** Public methods taking a generated request message first (plus a Continuation for a suspend function). */
  private static Map<String, Method> calls(Class<?> client) {
    Map<String, Method> names = new TreeMap<>();
    for (Method method : client.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers())
          && method.getParameterCount() > 0
          && method.getParameterTypes()[0].getName().startsWith("io.cardrules.v1.")) {
        names.put(method.getName(), method);
      }
    }
    return names;
  }

  @Test
  void everyRpcOfTheContractIsAMethodOfEveryClient() throws Exception {
    Map<String, Map<String, String[]>> services = contract();
    assertTrue(services.containsKey("cardrules.v1.SamLocService"));
    assertTrue(services.containsKey("cardrules.v1.LiengService"));
    for (Map.Entry<String, Map<String, String[]>> service : services.entrySet()) {
      String game = service.getKey().substring("cardrules.v1.".length()).replaceFirst("Service$", "");
      Map<String, Method> blocking = calls(Class.forName("io.cardrules.client." + game + "Client"));
      Map<String, Method> future = calls(Class.forName("io.cardrules.client." + game + "FutureClient"));
      Map<String, Method> coroutine = calls(Class.forName("io.cardrules.client." + game + "CoroutineClient"));
      assertFalse(service.getValue().isEmpty(), service.getKey());
      TreeSet<String> names = new TreeSet<>();
      for (Map.Entry<String, String[]> rpc : service.getValue().entrySet()) {
        String name = camel(rpc.getKey());
        names.add(name);
        Class<?> request = Class.forName("io.cardrules.v1." + rpc.getValue()[0]);
        Class<?> response = Class.forName("io.cardrules.v1." + rpc.getValue()[1]);
        String where = service.getKey() + "/" + rpc.getKey();
        assertTrue(blocking.containsKey(name), where + " in " + game + "Client");
        assertEquals(request, blocking.get(name).getParameterTypes()[0], where);
        assertEquals(response, blocking.get(name).getReturnType(), where);
        assertTrue(future.containsKey(name), where + " in " + game + "FutureClient");
        assertEquals(request, future.get(name).getParameterTypes()[0], where);
        assertEquals(ListenableFuture.class, future.get(name).getReturnType(), where);
        assertTrue(coroutine.containsKey(name), where + " in " + game + "CoroutineClient");
        assertEquals(request, coroutine.get(name).getParameterTypes()[0], where);
      }
      assertEquals(names, blocking.keySet());
      assertEquals(names, future.keySet());
      assertEquals(names, coroutine.keySet());
    }
  }

  @Test
  void everyServiceIsRetriedRoutedAndCallable() throws IOException {
    List<String> generated = new ArrayList<>();
    for (ServiceDescriptor service : RulesServices.ALL) {
      generated.add(service.getName());
    }
    assertEquals(new TreeSet<>(contract().keySet()), new TreeSet<>(generated));
    assertEquals(generated, RulesChannels.SERVICES);
    int unary = 0;
    for (Map<String, String[]> rpcs : contract().values()) {
      unary += rpcs.size();
    }
    assertEquals(unary, StreamRoutes.all().size());
  }
}
