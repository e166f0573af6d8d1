package io.engram.springai;

import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration of Engram: the project's {@link HostedMemory} from {@code engram.*}
 * properties, and the advisor, chat memory repository and tools over it, each replaced by a bean of the
 * same type the application declares. {@code engram.enabled=false} turns it off.
 */
@AutoConfiguration
@ConditionalOnClass(ChatClient.class)
@ConditionalOnProperty(prefix = "engram", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(EngramProperties.class)
public class EngramAutoConfiguration {

  /**
   * The project's memory.
   *
   * @throws UncheckedIOException when the project directory cannot be read
   */
  @Bean
  @ConditionalOnMissingBean
  public HostedMemory engramMemory(EngramProperties properties) {
    try {
      return HostedMemory.builder(properties.resolvedHome(), properties.resolvedProject()).build();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not open the memory of " + properties.resolvedProject()
          + " under " + properties.resolvedHome() + ": " + e.getMessage(), e);
    }
  }

  /** The advisor that recalls before each call and learns after it. */
  @Bean
  @ConditionalOnMissingBean
  public EngramAdvisor engramAdvisor(HostedMemory memory, EngramProperties properties) {
    return new EngramAdvisor(memory, properties.resolvedLearn());
  }

  /** The chat memory repository that keeps conversations in Engram and compacts them. */
  @Bean
  @ConditionalOnMissingBean
  public EngramChatMemoryRepository engramChatMemoryRepository(HostedMemory memory, EngramProperties properties) {
    return new EngramChatMemoryRepository(memory, properties.resolvedWindowTokens());
  }

  /** The memory tools. */
  @Bean
  @ConditionalOnMissingBean
  public EngramMemoryTools engramMemoryTools(HostedMemory memory) {
    return new EngramMemoryTools(memory);
  }
}
