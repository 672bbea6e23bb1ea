"""Every read the pages need, with the queries counted in tests."""
