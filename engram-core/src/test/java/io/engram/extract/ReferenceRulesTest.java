package io.engram.extract;

import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReferenceRulesTest {

  @Test
  void knownMonitoringAndTrackerHostsAreReferences() {
    assertThat(user("Latency lives at https://app.datadoghq.com/dashboard/abc-123 for the API."))
        .singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.REFERENCE);
          assertThat(m.name()).startsWith("datadog-dashboard");
          assertThat(m.body()).contains("https://app.datadoghq.com/dashboard/abc-123");
        });
    assertThat(user("Our Jira board: https://acme.atlassian.net/jira/software/projects/OPS/boards/7"))
        .singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("jira-tracker-acme"));
  }

  @Test
  void unknownHostNeedsWordsSayingWhatItIs() {
    assertThat(user("The runbook is at https://ops.acme.dev/runbooks/db-failover")).singleElement()
        .satisfies(m -> assertThat(m.type()).isEqualTo(CandidateType.REFERENCE));
    assertThat(user("设计文档在 https://share.acme.cn/s/42 。")).singleElement()
        .satisfies(m -> assertThat(m.description()).contains("https://share.acme.cn/s/42"));
    assertThat(user("Here's a [link](https://example.com) in markdown.")).isEmpty();
  }

  @Test
  void localAndOneOffLinksAreNotReferences() {
    assertThat(user("The dashboard runs at http://localhost:4000/dashboard")).isEmpty();
    assertThat(user("Can you read https://docs.python.org/3/library/asyncio.html?")).isEmpty();
    assertThat(user("Summarize https://blog.acme.dev/post/1 for me, the docs team wrote it.")).isEmpty();
  }

  @Test
  void linksInToolOutputAreUntrustedReferences() {
    assertThat(Fixtures.tool("Errors are reported to https://sentry.io/organizations/acme/issues/"))
        .singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.REFERENCE);
          assertThat(m.provenance().source()).isEqualTo(CandidateSource.TOOL);
          assertThat(m.provenance().trusted()).isFalse();
          assertThat(m.provenance().confidence()).isLessThan(0.5);
        });
  }
}
