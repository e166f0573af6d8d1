package io.engram.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.hosted.HostedMemory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class EngramAutoConfigurationTest {
  @TempDir Path home;
  @TempDir Path project;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(EngramAutoConfiguration.class))
        .withPropertyValues("engram.home=" + home, "engram.project=" + project);
  }

  @Test
  void engramPropertiesPlaceTheMemoryAndTheBeansOverIt() {
    runner().withPropertyValues("engram.window-tokens=50000").run(context -> {
      assertThat(context).hasSingleBean(HostedMemory.class).hasSingleBean(EngramAdvisor.class)
          .hasSingleBean(EngramChatMemoryRepository.class).hasSingleBean(EngramMemoryTools.class);
      HostedMemory memory = context.getBean(HostedMemory.class);
      memory.remember("build", "project", "How to build", "Run ./mvnw verify.");
      assertThat(memory.store().location().projectDir()).startsWith(home);
      assertThat(context.getBean(EngramAdvisor.class).getOrder()).isGreaterThan(
          org.springframework.ai.chat.client.advisor.api.Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER);
    });
  }

  @Test
  void aBeanTheApplicationDeclaresReplacesEngrams() {
    runner().withUserConfiguration(OwnAdvisor.class).run(context ->
        assertThat(context.getBean(EngramAdvisor.class)).isSameAs(context.getBean("mine")));
  }

  @Test
  void engramEnabledFalseTurnsItOff() {
    runner().withPropertyValues("engram.enabled=false").run(context ->
        assertThat(context).doesNotHaveBean(HostedMemory.class));
  }

  @Test
  void aWindowThatIsNotPositiveIsRefusedNamingTheProperty() {
    runner().withPropertyValues("engram.window-tokens=0").run(context ->
        assertThat(context).hasFailed().getFailure().rootCause()
            .hasMessageContaining("engram.window-tokens must be positive"));
  }

  @Configuration
  static class OwnAdvisor {
    @Bean
    EngramAdvisor mine(HostedMemory memory) {
      return new EngramAdvisor(memory, false);
    }
  }
}
