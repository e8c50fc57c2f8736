"""The marshmallow shapes of requests and answers: inputs refuse unknown fields and bound every
number; outputs document the views. Above the services, below the routes."""
