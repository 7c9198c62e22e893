"""Game-agnostic machinery: scenario loading, schemas, catalogs, verification."""
