"""The Dask recipe (mj3.bag) on a two-worker LocalCluster gives the records and the tally
`mj3 batch --json --summary json` writes over the same files."""

import dask
import pytest

import mj3.bag
from conftest import ROOT

distributed = pytest.importorskip("distributed")


def test_files_scored_on_two_workers_give_the_cli_records_and_tally(cli, tmp_path):
    lines = (ROOT / "perf" / "hands" / "sanma-2000.txt").read_text(encoding="utf-8").splitlines()
    paths = []
    # Ten files: more than Dask adds up in one step (8), so that tallies of sums are added.
    for i, start in enumerate(range(0, 2000, 200)):
        part = lines[start:start + 200]
        part[7] = "this is no hand"
        path = tmp_path / f"hands-{i}.txt"
        path.write_text("\n".join(part) + "\n", encoding="utf-8")
        paths.append(str(path))
    expected = cli.records("batch", "--json", "--summary", "json", "--rules", "sanma", *paths)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        records, tally = mj3.bag.score_files(paths, "sanma")
        records, tally = dask.compute(records, tally)
    assert list(records) == expected[:-1]
    assert tally == expected[-1]
    assert tally["bad_lines"] == 10
