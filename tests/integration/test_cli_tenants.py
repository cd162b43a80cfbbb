"""The CLI says which tenant it looks at and, when a tenant is empty or a user lives in another tenant, where to
look (real Neo4j, Typer's CliRunner)."""

import uuid

from typer.testing import CliRunner

from graphmem.cli.app import app

runner = CliRunner()


def test_users_names_the_tenant(sample_users, tenant):
    shown = runner.invoke(app, ["users"], env={"GRAPHMEM_TENANT": tenant})
    assert shown.exit_code == 0 and f"users in tenant {tenant}" in shown.output and "alice" in shown.output


def test_an_empty_tenant_points_at_tenants_with_users(sample_users, tenant):
    empty = f"t-empty-{uuid.uuid4().hex[:8]}"
    shown = runner.invoke(app, ["users"], env={"GRAPHMEM_TENANT": empty})
    assert shown.exit_code == 0 and f"users in tenant {empty}: none" in shown.output   # not an empty table
    assert "this tenant has no users; tenants with users:" in shown.output and "GRAPHMEM_TENANT=" in shown.output


def test_a_user_in_another_tenant_is_pointed_at(sample_users, tenant):
    other = f"t-other-{uuid.uuid4().hex[:8]}"
    missing = runner.invoke(app, ["card", "alice", "me"], env={"GRAPHMEM_TENANT": other})
    assert missing.exit_code == 8 and missing.output.count("\n") == 1
    assert f"no user 'alice' in tenant '{other}'" in missing.output          # (other tests' tenants have alice too)
    assert "'alice' is in tenant '" in missing.output and "GRAPHMEM_TENANT=" in missing.output
