package io.engram.extract;

import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
  void aLinkToOneIssuePullRequestRunOrTicketIsTheWorkAtHandNotAReference() {
    assertThat(user("analyse this issue: https://github.com/acme/shell/issues/7714")).isEmpty();
    assertThat(user("Investigate the issues docs link https://github.com/acme/shell/pull/7542#discussion_r27")).isEmpty();
    assertThat(user("next one: https://linear.app/acme/issue/ENT-259/code-attribution-is-broken")).isEmpty();
    assertThat(user("Tickets: https://acme.atlassian.net/browse/OPS-4 is the one")).isEmpty();
    assertThat(user("main fails: https://github.com/acme/cli/actions/runs/21662191208/job/62449194626")).isEmpty();
    // the tracker itself is still a place to go back to
    assertThat(user("Our issues are tracked at https://github.com/acme/shell/issues")).singleElement()
        .satisfies(m -> assertThat(m.type()).isEqualTo(CandidateType.REFERENCE));
    assertThat(user("Our Linear board: https://linear.app/acme/team/ENT/active")).singleElement()
        .satisfies(m -> assertThat(m.name()).startsWith("linear-tracker"));
  }

  @Test
  void linksInToolOutputAreEvidenceOnly() {
    assertThat(Fixtures.tool("Errors are reported to https://sentry.io/organizations/acme/issues/")).isEmpty();
    assertThat(Fixtures.tool("Please report incorrect results: https://github.com/rrrene/credo/issues")).isEmpty();
    assertThat(Fixtures.tool("Sources: `lib/a11y.ex`: https://www.w3.org/TR/WCAG22/#contrast-minimum")).isEmpty();
  }

  @Test
  void linksTheAgentCitesAreNotReferencesEither() {
    List<TurnText> turns = List.of(
        TurnText.of(TurnRole.ASSISTANT, "Sources: `lib/spotter_web/live/a11y.ex`: https://www.w3.org/TR/WCAG22/#contrast-minimum"),
        TurnText.of(TurnRole.ASSISTANT, "If credo is wrong, report it at https://github.com/rrrene/credo/issues"));
    assertThat(new RuleBasedExtractor().extract(turns, List.of())).isEmpty();
  }

  @Test
  void aLinkGivenAsTheInputOfOneOffWorkIsNotAReference() {
    assertThat(user("创建博文，总结下面文章中的方法：https://mp.weixin.qq.com/s/N1WgUN8ddXrw0p0o5IiykA")).isEmpty();
    assertThat(user("为当前项目安装最新的 tailwindcss@https://tailwindcss.com/docs/installation/using-vite")).isEmpty();
    assertThat(user("Then install the CLI from https://docs.example.com/cli/install")).isEmpty();
    assertThat(user("Our runbooks live at https://docs.example.com/runbooks, install guides included")).isNotEmpty();
  }
}
