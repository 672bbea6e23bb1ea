"""The entries' routes: the director's under /director/entries/, the member's under /me/entries/."""

from django.urls import path

from tournaments.bookings.views import entries, entries_member

director = [
    path("entries/", entries.entry_events, name="entry_events"),
    path("entries/<int:event_id>/", entries.entry_list, name="entry_list"),
    path("entries/<int:event_id>/entries.csv", entries.entry_list_csv, name="entry_list_csv"),
    path("entries/<int:event_id>/entries.xlsx", entries.entry_list_xlsx, name="entry_list_xlsx"),
    path("entries/<int:event_id>/add/", entries.entry_add, name="entry_add"),
    path("entries/<int:event_id>/<int:entry_id>/confirm/", entries.entry_desk_confirm, name="entry_confirm"),
    path("entries/<int:event_id>/<int:entry_id>/pay/", entries.entry_desk_pay, name="entry_pay"),
    path("entries/<int:event_id>/<int:entry_id>/cancel/", entries.entry_desk_cancel, name="entry_cancel"),
    path("entries/<int:event_id>/limit/", entries.entry_limit, name="entry_limit"),
    path("entries/<int:event_id>/start/", entries.entry_event_start_view, name="entry_start"),
]

public_routes = [
    path("me/entries/", entries_member.my_entries, name="my_entries"),
    path("me/entries/events/<int:event_id>/", entries_member.my_entry_new, name="my_entry_new"),
    path("me/entries/confirm/<int:place_id>/", entries_member.my_entry_confirm, name="my_entry_confirm"),
    path("me/entries/<int:entry_id>/pay/", entries_member.my_entry_pay, name="my_entry_pay"),
    path("me/entries/<int:entry_id>/cancel/", entries_member.my_entry_cancel, name="my_entry_cancel"),
]
