"""What every service and route leans on: the one error shape and the domain's refusals,
tokens and access, rate limits, JSON, small utilities."""
