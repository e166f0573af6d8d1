package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ServiceSettings;
import io.engram.service.ServiceFiles;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void theServiceRunsInItsOwnFolderAndACrashReportGoesThereNotIntoTheCallersProject(@TempDir Path home) {
    ServiceFiles files = ServiceFiles.of(home);

    ProcessBuilder service = ServiceStarter.process(home, files, Map.of(), ServiceSettings.DEFAULTS);

    assertThat(service.directory()).isEqualTo(files.dir().toFile());
    assertThat(service.command()).contains("-XX:ErrorFile=" + files.dir().resolve("hs_err_pid%p.log"));
    assertThat(service.command().indexOf("-XX:ErrorFile=" + files.dir().resolve("hs_err_pid%p.log")))
        .isLessThan(service.command().indexOf("-cp"));
  }
}
