/**
 * {@code engram team}: the command line of team memory on PostgreSQL ({@code io.engram.team} in engram-team does
 * the work). {@code connect} records the team store for the project (the key comes from the git remote, so every
 * clone meets the same team; the password comes from {@code ENGRAM_TEAM_PASSWORD} or {@code ~/.pgpass} and is
 * never written), {@code share} promotes a memory, {@code sync} pushes the outbox and pulls into the read-only
 * mirror that list, recall, hooks and MCP read as scope {@code team}, {@code resolve} settles a conflict,
 * {@code status} reports from local files (it works offline) and {@code migrate} installs the schema (an
 * administrator's job).
 */
package io.engram.cli.team;
