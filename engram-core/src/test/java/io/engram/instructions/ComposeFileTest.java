package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComposeFileTest {
  @Test
  void servicesAndTheirProfilesInBothListForms() {
    ComposeFile c = ComposeFile.parse("""
        version: "3.9"
        services:
          db:   # the database
            image: postgres:16
            environment:
              POSTGRES_DB: shop
          cache:
            image: redis
            profiles: [cache, "full"]
          mail:
            image: mailhog
            profiles:
              - debug
        volumes:
          data:
        """);
    assertThat(c.services()).containsExactly("db", "cache", "mail");
    assertThat(c.profiles()).containsExactly("cache", "full", "debug");
  }

  @Test
  void aFileWithoutServicesShowsNone() {
    assertThat(ComposeFile.parse("volumes:\n  data:\n").services()).isEmpty();
    assertThat(ComposeFile.parse("").services()).isEmpty();
  }
}
