package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ServiceSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServiceStarterTest {
  @Test
  void theServiceJvmStartsSmallWithTheSerialCollectorAndTheHeapCapOfTheSettings() {
    ServiceSettings s = ServiceSettings.DEFAULTS;
    ServiceSettings small = new ServiceSettings(s.idleSeconds(), s.port(), s.workers(),
        s.queueRescanSeconds(), s.answerMillis(), s.sessionEndAnswerMillis(), s.preCompactWaitSeconds(),
        s.startWaitSeconds(), 200);

    assertThat(ServiceStarter.jvmOptions(small)).contains("-XX:+UseSerialGC", "-Xms16m", "-Xmx200m");
    assertThat(ServiceStarter.jvmOptions(s)).contains("-Xmx" + s.maxHeapMiB() + "m");
  }

  @Test
  void aLocaleWithoutUtf8IsNoticed() {
    assertThat(ServiceStarter.hasUtf8Locale(Map.of("LANG", "en_US.UTF-8"))).isTrue();
    assertThat(ServiceStarter.hasUtf8Locale(Map.of("LC_ALL", "C", "LANG", "en_US.UTF-8"))).isFalse();
  }
}
