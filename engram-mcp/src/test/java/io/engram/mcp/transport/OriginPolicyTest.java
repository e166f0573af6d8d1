package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OriginPolicyTest {
  private final OriginPolicy loopback = OriginPolicy.loopbackAnd(List.of());

  @Test
  void noOriginAndLoopbackOriginsPass() {
    assertThat(loopback.allows(List.of())).isTrue();
    for (String o : List.of("http://localhost", "http://localhost:3000", "https://LOCALHOST:8443",
        "http://127.0.0.1:8765", "http://[::1]:80")) {
      assertThat(loopback.allows(List.of(o))).as(o).isTrue();
    }
  }

  @Test
  void otherOriginsNullAndLookAlikesAreRefused() {
    for (String o : List.of("http://evil.example.com", "null", "", "http://localhost.evil.example.com",
        "http://localhost@evil.example.com", "http://127.0.0.1.nip.io", "ftp://localhost", "http://localhost/path",
        "file:///etc/passwd", "not a url")) {
      assertThat(loopback.allows(List.of(o))).as(o).isFalse();
    }
    assertThat(loopback.allows(List.of("http://localhost", "http://localhost"))).isFalse();
  }

  @Test
  void aConfiguredOriginPassesExactly() {
    OriginPolicy policy = OriginPolicy.loopbackAnd(List.of("https://App.Example.com:8443"));
    assertThat(policy.allows(List.of("https://app.example.com:8443"))).isTrue();
    assertThat(policy.allows(List.of("https://app.example.com"))).isFalse();
    assertThat(policy.allows(List.of("http://app.example.com:8443"))).isFalse();
    assertThatThrownBy(() -> OriginPolicy.loopbackAnd(List.of("app.example.com")))
        .hasMessageContaining("not an origin");
  }
}
