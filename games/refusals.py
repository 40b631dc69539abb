"""Refusals of the services; `status` is the HTTP status the API and pages answer with."""


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class IllegalMove(ServiceError):
    status = 400


class NotAuthenticated(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class StaleVersion(ServiceError):
    status = 409


class NotFound(ServiceError):
    status = 404
