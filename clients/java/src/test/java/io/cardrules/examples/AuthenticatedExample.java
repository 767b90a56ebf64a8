// The Java authentication example of the README, compiled with the tests so it cannot rot.
package io.cardrules.examples;

import io.cardrules.client.LiengClient;
import io.cardrules.client.RulesChannels;
import io.cardrules.client.UnauthenticatedException;
import io.grpc.ManagedChannel;
import java.io.File;

public final class AuthenticatedExample {
  private AuthenticatedExample() {}

  public static void main(String[] args) {
    ManagedChannel channel =
        RulesChannels.builder("rules.internal.example:50051")
            .caCertificates(new File("ca.pem")) // the CA that signed the server's certificate
            .clientCertificate(new File("game-api.pem"), new File("game-api.pk8")) // mutual TLS, PKCS#8 key
            .token(System.getenv("CARDRULES_TOKEN")) // sent as "authorization: Bearer <token>"
            .build();
    try {
      LiengClient lieng = new LiengClient(channel);
      System.out.println(lieng.scoreLieng("AC AD AH").getScores(0).getLabel().getEn());
    } catch (UnauthenticatedException refused) {
      System.err.println("the server refused the credentials: " + refused.getMessage()); // never retried
    } finally {
      channel.shutdownNow();
    }
  }
}
