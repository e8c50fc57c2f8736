"""The store: peewee models, the database and the schema. The bottom layer: it imports
nothing else of api/."""
