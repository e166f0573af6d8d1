package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class BearerTokenTest {
  private static final int BITS = 256;

  @Property(tries = 300)
  void tokensMadeTheWayTheMessageSaysAreAccepted(@ForAll long seed) {
    byte[] bytes = new byte[32];
    new Random(seed).nextBytes(bytes);
    BearerToken.of(Base64.getEncoder().encodeToString(bytes), BITS); // openssl rand -base64 32
    BearerToken.of(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), BITS);
    BearerToken.of(HexFormat.of().formatHex(bytes), BITS); // openssl rand -hex 32
  }

  @Test
  void theGeneratedTokenIsStrong() {
    BearerToken.of(BearerToken.generate().reveal(), BITS);
  }

  @Test
  void shortRepeatedAndPatternedTokensAreRefusedWithHowToMakeOne() {
    for (String weak : List.of("a", "tok-123", "correct-horse-battery", "f".repeat(63),
        HexFormat.of().formatHex(new byte[31]), "a".repeat(100), "0123456789abcdef".repeat(4),
        "Abc123!".repeat(10), "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ", "password password password password!")) {
      assertThatThrownBy(() -> BearerToken.of(weak, BITS)).as(weak)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("too weak")
          .hasMessageContaining("openssl rand -base64 32")
          .hasMessageContaining("engram mcp --new-token");
    }
  }

  @Test
  void theSchemeIsCaseInsensitiveAndTheTokenMustMatchExactly() {
    BearerToken token = BearerToken.generate();
    assertThat(token.accepts(List.of("Bearer " + token.reveal()))).isTrue();
    assertThat(token.accepts(List.of("bearer " + token.reveal()))).isTrue();
    assertThat(token.accepts(List.of("BEARER   " + token.reveal() + " "))).isTrue();
    assertThat(token.accepts(List.of("Bearer " + token.reveal() + "x"))).isFalse();
    assertThat(token.accepts(List.of("Basic " + token.reveal()))).isFalse();
    assertThat(token.accepts(List.of("Bearer" + token.reveal()))).isFalse();
    assertThat(token.accepts(List.of())).isFalse();
    assertThat(token.accepts(List.of("Bearer " + token.reveal(), "Bearer " + token.reveal()))).isFalse();
  }

  @Test
  void theTokenNeverShowsInItsStringForm() {
    BearerToken token = BearerToken.generate();
    assertThat(token.toString()).doesNotContain(token.reveal());
  }
}
