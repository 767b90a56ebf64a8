package io.cardrules.client;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.cardrules.v1.Lieng;
import io.cardrules.v1.SamLoc;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The contract's unary RPCs, read from the generated file descriptors, so a new RPC needs no test edit. */
final class ContractRpcs {
  private ContractRpcs() {}

  /** Full method names, {@code cardrules.v1.LiengService/ScoreLieng}: every RPC but the services' Stream. */
  static Set<String> unary() {
    Set<String> names = new TreeSet<>();
    for (FileDescriptor file : List.of(SamLoc.getDescriptor(), Lieng.getDescriptor())) {
      for (ServiceDescriptor service : file.getServices()) {
        for (MethodDescriptor method : service.getMethods()) {
          if (!method.isClientStreaming() && !method.isServerStreaming()) {
            names.add(service.getFullName() + "/" + method.getName());
          }
        }
      }
    }
    return names;
  }
}
