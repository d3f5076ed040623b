"""The API's routers, one module per endpoint family."""
