"""Tournaments: cups (round robins on seating designs) and Swiss, their pairing and standings.

designs, swiss and scoring are pure Python (no Django) so the arithmetic is testable on its own.
"""
